import type { FlowDocument } from '../../shared/flow/document'

// Undo/redo over whole-document snapshots. Edits share structure, so a snapshot costs one array per change.
// Typing in one field coalesces into one step: a run of edits with the same key within COALESCE_MS is one undo.

export const HISTORY_LIMIT = 200
export const COALESCE_MS = 1200

export interface HistoryEntry {
  doc: FlowDocument
  label: string
}

export interface History {
  past: HistoryEntry[]
  future: HistoryEntry[]
  /** Key and time of the last recorded edit, for coalescing typing. */
  lastKey: string | null
  lastAt: number
}

export const emptyHistory = (): History => ({ past: [], future: [], lastKey: null, lastAt: 0 })

/** Records that `before` was replaced by a new document through an edit called `label`. */
export function record(
  h: History,
  before: FlowDocument,
  label: string,
  key: string | null = null,
  now = Date.now(),
): History {
  if (key !== null && key === h.lastKey && now - h.lastAt < COALESCE_MS && h.past.length > 0) {
    return { ...h, future: [], lastAt: now }
  }
  const past = [...h.past, { doc: before, label }]
  if (past.length > HISTORY_LIMIT) past.splice(0, past.length - HISTORY_LIMIT)
  return { past, future: [], lastKey: key, lastAt: now }
}

export function undo(h: History, current: FlowDocument): { history: History; doc: FlowDocument; label: string } | null {
  const entry = h.past[h.past.length - 1]
  if (!entry) return null
  return {
    history: {
      past: h.past.slice(0, -1),
      future: [{ doc: current, label: entry.label }, ...h.future],
      lastKey: null,
      lastAt: 0,
    },
    doc: entry.doc,
    label: entry.label,
  }
}

export function redo(h: History, current: FlowDocument): { history: History; doc: FlowDocument; label: string } | null {
  const entry = h.future[0]
  if (!entry) return null
  return {
    history: {
      past: [...h.past, { doc: current, label: entry.label }],
      future: h.future.slice(1),
      lastKey: null,
      lastAt: 0,
    },
    doc: entry.doc,
    label: entry.label,
  }
}
