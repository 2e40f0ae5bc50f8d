import type { FlowDocument, FlowEdge, FlowNode } from '../../shared/flow/document'
import { renameNode } from '../../shared/analysis/rename'
import { freeName } from '../editor/clipboard'
import { checkConnection, newId, setConfig } from '../editor/graph'
import { portsOf, renameInDocument } from '../editor/model'

// Restoring a part of an older side into the draft (docs/canvas.md, "Comparing revisions"). Pure: the editor applies
// the result as one undoable edit (renderer/editor/store.ts `apply`), so Undo takes a restore back whole.

export interface RestoredNode {
  doc: FlowDocument
  node: FlowNode
  /** Connections brought back with it; those whose other end is gone or whose output is taken are left out. */
  connected: number
  skipped: number
}

/**
 * Brings back `nodeId` of `before` into `draft`: at its old position, with its old id when the draft does not use
 * it (so the comparison then finds it unchanged), a free name when the draft took its name (references inside the
 * node follow), its sample, and every connection of its whose other end is in the draft and whose output is free.
 */
export function restoreNode(draft: FlowDocument, before: FlowDocument, nodeId: string): RestoredNode | null {
  const old = before.nodes.find((n) => n.id === nodeId)
  if (!old) return null
  const idTaken = draft.nodes.some((n) => n.id === old.id)
  const taken = new Set(draft.nodes.map((n) => n.name))
  const name = taken.has(old.name) ? freeName(old.name, taken) : old.name
  let node: FlowNode = { ...old, id: idTaken ? newId('n') : old.id }
  if (name !== old.name) {
    // Renamed alone in a scratch document, so only the node's own references to itself follow the new name.
    const scratch = renameInDocument({ ...draft, nodes: [node], edges: [], samples: {} }, node.id, name)
    node = scratch.nodes[0]!
  }
  let doc: FlowDocument = { ...draft, nodes: [...draft.nodes, node] }
  const sample = before.samples[old.name]
  if (sample !== undefined && !(name in doc.samples)) doc = { ...doc, samples: { ...doc.samples, [name]: sample } }
  let connected = 0
  let skipped = 0
  const edgeIds = new Set(draft.edges.map((e) => e.id))
  for (const e of before.edges) {
    if (e.source !== old.id && e.target !== old.id) continue
    const req = {
      source: e.source === old.id ? node.id : e.source,
      sourcePort: e.sourcePort,
      target: e.target === old.id ? node.id : e.target,
    }
    if (!checkConnection(doc, req, portsOf).ok) {
      skipped++
      continue
    }
    const edge: FlowEdge = { id: edgeIds.has(e.id) ? newId('e') : e.id, ...req }
    edgeIds.add(edge.id)
    doc = { ...doc, edges: [...doc.edges, edge] }
    connected++
  }
  return { doc, node, connected, skipped }
}

type Key = string | number

/** 'config.buttons[1].title' → ['config', 'buttons', 1, 'title']. */
export function parsePath(path: string): Key[] {
  const keys: Key[] = []
  for (const part of path.split('.')) {
    const m = /^([^[\]]*)((?:\[\d+\])*)$/.exec(part)
    if (!m) {
      keys.push(part)
      continue
    }
    if (m[1]) keys.push(m[1])
    for (const i of m[2]!.matchAll(/\[(\d+)\]/g)) keys.push(Number(i[1]))
  }
  return keys
}

/** A copy of `target` with `value` at `keys` (undefined removes it); containers on the way are copied or made. */
export function setAt(target: unknown, keys: readonly Key[], value: unknown): unknown {
  if (keys.length === 0) return value
  const [key, ...rest] = keys as [Key, ...Key[]]
  if (typeof key === 'number') {
    const arr = Array.isArray(target) ? [...(target as unknown[])] : []
    const next = setAt(arr[key], rest, value)
    if (next === undefined && rest.length === 0) arr.splice(key, 1)
    else arr[key] = next
    return arr
  }
  const obj = target && typeof target === 'object' && !Array.isArray(target) ? { ...(target as object) } : {}
  const next = setAt((obj as Record<string, unknown>)[key], rest, value)
  if (next === undefined) delete (obj as Record<string, unknown>)[key]
  else (obj as Record<string, unknown>)[key] = next
  return obj
}

export type RestoredField = { ok: true; doc: FlowDocument } | { ok: false; reason: string }

/**
 * Puts `value` (the older side's) back at `path` of node `nodeId` in the draft, or of the flow when `nodeId` is null.
 * A name goes back through the rename, so references follow; a config through the canvas's own config edit, so
 * connections from outputs the restored config no longer has go in the same step.
 */
export function restoreField(draft: FlowDocument, nodeId: string | null, path: string, value: unknown): RestoredField {
  if (nodeId === null) return { ok: true, doc: setAt(draft, parsePath(path), value) as FlowDocument }
  const node = draft.nodes.find((n) => n.id === nodeId)
  if (!node) return { ok: false, reason: 'That node is not in the draft any more.' }
  if (path === 'name') {
    const r = renameNode(draft, nodeId, String(value))
    return r.ok ? { ok: true, doc: r.document } : { ok: false, reason: r.problem.message }
  }
  const keys = parsePath(path)
  if (keys[0] === 'config') {
    const config = setAt(node.config, keys.slice(1), value) as Record<string, unknown>
    return { ok: true, doc: setConfig(draft, nodeId, config, portsOf) }
  }
  const updated = setAt(node, keys, value) as FlowNode
  return { ok: true, doc: { ...draft, nodes: draft.nodes.map((n) => (n.id === nodeId ? updated : n)) } }
}
