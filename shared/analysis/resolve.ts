import type { CheckContext } from '../expr'
import type { FlowDocument } from '../flow/document'
import type { FlowCatalogue } from '../flow/catalogue'
import { GLOBAL_ROOTS, allFlowVariables, type AvailableVariable } from './variables'

// Resolves a variable path read in a template ({{http_call_1.result.id}} → ['http_call_1','result','id']) against
// what the flow can produce. Declared outputs come from node definitions; samples refine open-ended ones.

export type Resolution =
  | { kind: 'ok'; global: boolean; producers: string[] }
  | { kind: 'unknown-root' }
  /** `index` is the first path segment nobody produces; `known` lists what the owner does produce. */
  | { kind: 'unknown-field'; index: number; known: string[] }
  | { kind: 'not-in-sample'; index: number; producers: string[] }

const OPEN = new Set(['object', 'unknown', 'array'])

function walk(value: unknown, segs: string[]): number {
  // Returns how many segments resolve inside `value`.
  let cur = value
  for (let i = 0; i < segs.length; i++) {
    if (cur === null || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, segs[i]!)) return i
    cur = (cur as Record<string, unknown>)[segs[i]!]
  }
  return segs.length
}

export function makeResolver(doc: FlowDocument, vars: AvailableVariable[] = allFlowVariables(doc)) {
  const byPath = new Map<string, AvailableVariable[]>()
  for (const v of vars) byPath.set(v.path, [...(byPath.get(v.path) ?? []), v])
  const nodeNames = new Set(doc.nodes.map((n) => n.name))
  const producersOf = (list: AvailableVariable[]) => [...new Set(list.flatMap((v) => (v.nodeId ? [v.nodeId] : [])))]
  const childrenOf = (prefix: string) =>
    [...byPath.keys()]
      .filter((p) => p.startsWith(prefix + '.') && !p.slice(prefix.length + 1).includes('.'))
      .map((p) => p.slice(prefix.length + 1))

  return (path: string[]): Resolution => {
    const root = path[0]!
    let k = 0
    for (let i = path.length; i >= 1; i--) {
      if (byPath.has(path.slice(0, i).join('.'))) {
        k = i
        break
      }
    }
    if (k === 0) {
      if (nodeNames.has(root))
        return path.length === 1
          ? { kind: 'ok', global: false, producers: [] }
          : { kind: 'unknown-field', index: 1, known: childrenOf(root) }
      return { kind: 'unknown-root' }
    }
    const specs = byPath.get(path.slice(0, k).join('.'))!
    const global = GLOBAL_ROOTS.has(root) && k === 1
    const producers = producersOf(specs)
    if (k === path.length) return { kind: 'ok', global, producers }
    if (!specs.some((s) => OPEN.has(s.type)))
      return { kind: 'unknown-field', index: k, known: childrenOf(path.slice(0, k).join('.')) }
    // Open-ended output: if a sample covers this part, paths it lacks are flagged (as a warning: samples are examples).
    if (nodeNames.has(root) && Object.prototype.hasOwnProperty.call(doc.samples, root)) {
      const depth = walk(doc.samples[root], path.slice(1)) + 1
      if (depth < path.length && depth >= k) return { kind: 'not-in-sample', index: depth, producers }
    }
    return { kind: 'ok', global, producers }
  }
}

/** Adapter for checkTemplate (the Expression Builder's editor diagnostics); `flows` gives call nodes their outputs. */
export function checkContextFor(doc: FlowDocument, flows?: FlowCatalogue): CheckContext {
  const vars = allFlowVariables(doc, flows)
  const resolve = makeResolver(doc, vars)
  return {
    roots: () => new Set([...vars.map((v) => v.path.split('.')[0]!), ...doc.nodes.map((n) => n.name)]),
    resolve(path) {
      const r = resolve(path)
      if (r.kind === 'ok') return 'ok'
      if (r.kind === 'unknown-root') return 'unknown-root'
      return { unknownFrom: r.index }
    },
  }
}
