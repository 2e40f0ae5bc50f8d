// "Some path reaches this read without setting the variable": a walk from the trigger that never leaves a node that
// sets the variable by a port that sets it. A node's own output ({{ask_age.answer}}) is set whichever port it leaves
// by, except its error ({{order_lookup.error.message}}), set only on the failure path; a saved variable (a
// Question's Save to, an HTTP Call's "save as", a form mapping) is set only on the ways out that are not failures.
// A dominator tree answers the usual case (one node sets the variable) for every read at once; the path for the
// warning, and the rare variable several nodes set, take a walk, one per variable, shared by all its reads.
import { dominance, type Dominance, type SetKind } from './dominators'
import { describePath, walkFrom, type PortGraph, type Walk } from './port-graph'

export type UnsetPathFinder = (path: readonly string[], producers: readonly string[], readerId: string) => string | null

export function unsetPathFinder(g: PortGraph): UnsetPathFinder {
  const names = new Set(g.nodes.map((n) => n.name))
  const walks = new Map<string, Walk>()
  let dom: Dominance | null = null
  return (path, producers, readerId) => {
    const reader = g.index.get(readerId)
    if (reader === undefined) return null
    const ownOutput = names.has(path[0]!)
    const errorOnly = ownOutput && path[1] === 'error'
    const from = producers.flatMap((id) => {
      const i = g.index.get(id)
      return i === undefined ? [] : [i]
    })
    const kind: SetKind = errorOnly ? 'error' : ownOutput ? 'output' : 'saved'
    if (from.length === 1) {
      dom ??= dominance(g)
      if (dom.setBefore(from[0]!, kind, reader)) return null
    }
    const key = `${from.join(',')}|${kind}`
    let walk = walks.get(key)
    if (!walk) {
      const setters = new Set(from)
      const sets = (node: number, port: string) => {
        // A node's error is set by the port its type declares as the failure (a Call Flow's `failed`).
        if (errorOnly) return g.ports[node]!.find((p) => p.id === port)?.kind === 'failure'
        if (ownOutput) return true
        return g.ports[node]!.find((p) => p.id === port)?.kind !== 'failure'
      }
      walk = walkFrom(g, (node, port) => setters.has(node) && sets(node, port))
      walks.set(key, walk)
    }
    return walk.seen[reader] ? describePath(g, walk, reader) : null
  }
}
