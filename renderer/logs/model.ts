import type { LogCursor, LogFilter, LogMessage, LogRun } from '../../shared/api/commands/logs'
import { view as botMessageOf } from '../../shared/engine/conversation/view'
import { inboundText } from '../../shared/engine/session'
import type { TraceEvent } from '../../shared/engine/types'

// Pure pieces of the logs viewer: merging live updates into a paged list, the waterfall's geometry, and short
// texts for the transcript. Kept apart from React so they are tested directly.

const before = (a: LogCursor, b: LogCursor): boolean =>
  a.startedAt < b.startedAt || (a.startedAt === b.startedAt && a.seq < b.seq)

/**
 * A fresh first page merged into the loaded list: the head replaces whatever it covers (new runs appear, changed
 * ones update, deleted ones go), and the loaded rows older than the head are kept with their paging cursor.
 */
export function mergeHead(
  loaded: { runs: LogRun[]; next: LogCursor | null },
  head: { runs: LogRun[]; next: LogCursor | null },
): { runs: LogRun[]; next: LogCursor | null } {
  const last = head.runs.at(-1)
  if (!last || !head.next) return head
  const ids = new Set(head.runs.map((r) => r.id))
  const older = loaded.runs.filter((r) => !ids.has(r.id) && before(r.cursor, last.cursor))
  return older.length ? { runs: [...head.runs, ...older], next: loaded.next } : head
}

export interface WaterfallBar {
  /** Percent of the run's span from the first node's start. */
  left: number
  width: number
  offsetMs: number
}

/** Bars for the nodes of one run on one time axis; a bar is never thinner than 0.5% so a 0 ms node still shows. */
export function waterfall(trace: TraceEvent[]): WaterfallBar[] {
  if (!trace.length) return []
  const start = Math.min(...trace.map((t) => t.startedAt))
  const end = Math.max(...trace.map((t) => t.startedAt + t.durationMs))
  const span = Math.max(end - start, 1)
  return trace.map((t) => {
    const left = ((t.startedAt - start) / span) * 100
    return {
      left: Math.min(left, 99.5),
      width: Math.max((t.durationMs / span) * 100, 0.5),
      offsetMs: t.startedAt - start,
    }
  })
}

/** One line for a logged message: what the customer sent, or what a person reads in the bot's message. */
export function messageText(m: LogMessage): string {
  if (m.direction === 'in') {
    const p = m.payload
    const text = inboundText(p)
    return p.type === 'text' ? text : `[${p.type}]${text ? ` ${text}` : ''}`
  }
  const v = botMessageOf(m.payload)
  const what = v.text ?? v.caption ?? ''
  if (m.payload.type === 'text' || (m.payload.type === 'interactive' && what)) return what
  const kind = v.template ? `template ${v.template}` : (v.media ?? m.payload.type)
  return `[${kind}]${what ? ` ${what}` : ''}`
}

export function formatMs(ms: number): string {
  if (ms < 1) return `${ms.toFixed(2)} ms`
  if (ms < 1000) return `${ms.toFixed(ms < 10 ? 1 : 0)} ms`
  return `${(ms / 1000).toFixed(2)} s`
}

/** Drops empty fields so the request (and an exported filter) says only what was chosen. */
export function cleanFilter(f: LogFilter): LogFilter {
  const out: LogFilter = {}
  if (f.status?.length) out.status = f.status
  if (f.triggerKind?.length) out.triggerKind = f.triggerKind
  if (f.contact?.trim()) out.contact = f.contact.trim()
  if (f.text?.trim()) out.text = f.text.trim()
  if (f.from !== undefined && !Number.isNaN(f.from)) out.from = f.from
  if (f.to !== undefined && !Number.isNaN(f.to)) out.to = f.to
  if (f.delivery) out.delivery = f.delivery
  if (f.waiting) out.waiting = f.waiting
  return out
}
