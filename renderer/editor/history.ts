import type { FlowDocument } from '../../shared/flow/document'
import type { Breakpoint } from '../../shared/engine/debug/types'

// Undo/redo over whole-document snapshots. Edits share structure, so a snapshot costs one array per change.
// Typing in one field coalesces into one step: a run of edits with the same key within COALESCE_MS is one undo.
// Breakpoints are not part of the document but are edited on the canvas, so their edits are steps of the same
// history: such an entry also holds the breakpoints before it (`breakpoints`), and undoing it restores them.

export const HISTORY_LIMIT = 200
export const COALESCE_MS = 1200

export interface HistoryEntry {
  doc: FlowDocument
  label: string
  /** Set on a breakpoint edit: the list before it (undo) or after it (redo). */
  breakpoints?: Breakpoint[]
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
  breakpointsBefore?: Breakpoint[],
): History {
  if (key !== null && key === h.lastKey && now - h.lastAt < COALESCE_MS && h.past.length > 0) {
    return { ...h, future: [], lastAt: now }
  }
  const entry: HistoryEntry = breakpointsBefore
    ? { doc: before, label, breakpoints: breakpointsBefore }
    : { doc: before, label }
  const past = [...h.past, entry]
  if (past.length > HISTORY_LIMIT) past.splice(0, past.length - HISTORY_LIMIT)
  return { past, future: [], lastKey: key, lastAt: now }
}

export interface Restored {
  history: History
  doc: FlowDocument
  label: string
  /** The breakpoints to restore, when the step was a breakpoint edit. */
  breakpoints?: Breakpoint[]
}

/** The other side of `entry`: the current state, with the current breakpoints when the entry holds some. */
const counterpart = (entry: HistoryEntry, doc: FlowDocument, breakpoints: Breakpoint[] | undefined): HistoryEntry =>
  entry.breakpoints ? { doc, label: entry.label, breakpoints: breakpoints ?? [] } : { doc, label: entry.label }

export function undo(h: History, current: FlowDocument, breakpoints?: Breakpoint[]): Restored | null {
  const entry = h.past[h.past.length - 1]
  if (!entry) return null
  return {
    ...(entry.breakpoints ? { breakpoints: entry.breakpoints } : {}),
    history: {
      past: h.past.slice(0, -1),
      future: [counterpart(entry, current, breakpoints), ...h.future],
      lastKey: null,
      lastAt: 0,
    },
    doc: entry.doc,
    label: entry.label,
  }
}

export function redo(h: History, current: FlowDocument, breakpoints?: Breakpoint[]): Restored | null {
  const entry = h.future[0]
  if (!entry) return null
  return {
    ...(entry.breakpoints ? { breakpoints: entry.breakpoints } : {}),
    history: {
      past: [...h.past, counterpart(entry, current, breakpoints)],
      future: h.future.slice(1),
      lastKey: null,
      lastAt: 0,
    },
    doc: entry.doc,
    label: entry.label,
  }
}
