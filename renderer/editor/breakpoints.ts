import type { Breakpoint } from '../../shared/engine/debug/types'
import type { FlowDocument } from '../../shared/flow/document'
import type { EditorStore } from './store'
import { conditionExpression } from '../../shared/analysis/breakpoint-condition'

// Breakpoint edits of the canvas, as pure functions over the list and as one-step edits of the editor's store
// (each one undoable: store.ts setBreakpoints). The list is kept beside the document by breakpoint-sync.ts.

export type BreakpointTarget = Breakpoint['at']

const targetKey = (at: BreakpointTarget) => (at.kind === 'node' ? `n:${at.nodeId}` : `e:${at.edgeId}`)

export const sameTarget = (a: BreakpointTarget, b: BreakpointTarget) => targetKey(a) === targetKey(b)

export const newBreakpointId = (): string =>
  `bp_${(globalThis.crypto?.randomUUID?.() ?? Math.random().toString(36).slice(2)).replace(/-/g, '').slice(0, 16)}`

/** Whether the breakpoint's node or connection is in the document (the others are kept but neither shown nor sent). */
export function targetIn(doc: FlowDocument, at: BreakpointTarget): boolean {
  return at.kind === 'node' ? doc.nodes.some((n) => n.id === at.nodeId) : doc.edges.some((e) => e.id === at.edgeId)
}

/** The breakpoints of `list` that `doc` has targets for, in order. */
export const liveBreakpoints = (list: readonly Breakpoint[], doc: FlowDocument): Breakpoint[] =>
  list.filter((b) => targetIn(doc, b.at))

/** What is sent to the studio and the debugger: the live breakpoints, each condition as the one expression it
 *  means (shared/analysis/breakpoint-condition.ts; the back end keeps the same form). */
export const breakpointsToSend = (list: readonly Breakpoint[], doc: FlowDocument): Breakpoint[] =>
  liveBreakpoints(list, doc).map((b) => {
    const condition = conditionExpression(b.condition ?? '')
    const { condition: _typed, ...rest } = b
    return condition ? { ...rest, condition } : rest
  })

/**
 * Toggles breakpoints on the targets: when every target has one they are all removed, else each target without one
 * gets a new, enabled breakpoint (F9 on a mixed selection adds, as an editor's "toggle comment" does).
 */
export function toggled(list: readonly Breakpoint[], targets: readonly BreakpointTarget[]): Breakpoint[] {
  if (!targets.length) return [...list]
  const has = (at: BreakpointTarget) => list.some((b) => sameTarget(b.at, at))
  if (targets.every(has)) return list.filter((b) => !targets.some((t) => sameTarget(b.at, t)))
  const added = targets.filter((t) => !has(t)).map((at): Breakpoint => ({ id: newBreakpointId(), at, enabled: true }))
  return [...list, ...added]
}

/** The list with breakpoint `id` changed by `patch` (a blank condition removes it). */
export function patched(list: readonly Breakpoint[], id: string, patch: Partial<Omit<Breakpoint, 'id'>>): Breakpoint[] {
  return list.map((b) => {
    if (b.id !== id) return b
    const next: Breakpoint = { ...b, ...patch }
    if (!next.condition?.trim()) delete next.condition
    return next
  })
}

/** "ask_name" for a node; "ask_name → Yes → confirm" for a connection (its source, output and target by name). */
export function targetLabel(doc: FlowDocument, at: BreakpointTarget): string {
  const name = (id: string) => doc.nodes.find((n) => n.id === id)?.name ?? id
  if (at.kind === 'node') return name(at.nodeId)
  const e = doc.edges.find((x) => x.id === at.edgeId)
  return e ? `${name(e.source)} → ${e.sourcePort} → ${name(e.target)}` : at.edgeId
}

/** The selected cards and connections as breakpoint targets. */
export function selectionTargets(s: { selectedNodeIds: string[]; selectedEdgeIds: string[] }): BreakpointTarget[] {
  return [
    ...s.selectedNodeIds.map((nodeId): BreakpointTarget => ({ kind: 'node', nodeId })),
    ...s.selectedEdgeIds.map((edgeId): BreakpointTarget => ({ kind: 'edge', edgeId })),
  ]
}

/** F9: toggles breakpoints on the selection, one undo step; false when nothing is selected. */
export function toggleBreakpoints(store: EditorStore, targets = selectionTargets(store.getState())): boolean {
  if (!targets.length) return false
  const s = store.getState()
  const next = toggled(s.breakpoints, targets)
  const added = next.length > s.breakpoints.length
  const label = `${added ? 'Add' : 'Remove'} breakpoint${targets.length > 1 ? 's' : ''}`
  s.setBreakpoints(next, label)
  return true
}
