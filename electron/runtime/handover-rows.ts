// What both stores keep of takeovers for the runtime (docs/runtime.md, "Human takeover"): the reads the publish API
// serves (RuntimeStore.handovers) and the notification queue the notifier drains, and the row mapping both share.
import type { HandoverMessage } from '../../shared/api/commands/handovers'
import type { HandbackRecord, Handover } from '../../shared/engine'
import type { NotificationQueue } from './handover-notifier'

/** A row of the handovers table (migration 027), as both drivers return it. */
export interface HandoverRow {
  id: string
  contact_id: string
  run_id: string | null
  flow_id: string | null
  node_id: string | null
  since: number | string
  until: number | string | null
  by: Handover['by']
  note: string | null
  ended_at: number | string | null
  ended_by: HandbackRecord['by'] | null
  return_vars: string | null
}

const num = (v: number | string | null): number | null => (v === null ? null : Number(v))

/** A takeover as the publish API answers it: the Handover, and how it ended once it has. */
export type HandoverView = Handover & {
  endedAt: number | null
  endedBy: HandbackRecord['by'] | null
  returnVariables: Record<string, unknown> | null
}

export function toHandover(r: HandoverRow): HandoverView {
  return {
    id: r.id,
    since: Number(r.since),
    by: r.by,
    runId: r.run_id,
    flowId: r.flow_id,
    nodeId: r.node_id,
    until: num(r.until),
    note: r.note,
    endedAt: num(r.ended_at),
    endedBy: r.ended_by,
    returnVariables: r.return_vars ? (JSON.parse(r.return_vars) as Record<string, unknown>) : null,
  }
}

/** The contact's open takeover (Contact.handover) from its row, or null. */
export function openHandover(r: HandoverRow | null | undefined): Handover | null {
  if (!r) return null
  const { endedAt: _e, endedBy: _b, returnVariables: _v, ...handover } = toHandover(r)
  return handover
}

/** One line of a takeover's transcript: the customer's message held ('in') or the person's reply ('out'). */
export type TranscriptLine = HandoverMessage

export interface RuntimeHandovers extends NotificationQueue {
  /** Newest first; `open`: only takeovers not ended. */
  list(opts: {
    open: boolean
    limit: number
  }): Promise<Array<HandoverView & { contact: { phone: string; name: string } }>>
  get(id: string): Promise<HandoverView | null>
  transcript(handoverId: string): Promise<TranscriptLine[]>
  /**
   * Open takeovers without a Hand over run whose `until` has come by `now` (an API or studio takeover given one;
   * a node's is its run's wake), earliest first.
   */
  due(now: number, limit: number): Promise<Array<{ id: string; phone: string }>>
  /** Forgets up to `limit` notifications sent or given up before `before` (retention, with the inbound ids). */
  forget(before: number, limit: number): Promise<number>
}
