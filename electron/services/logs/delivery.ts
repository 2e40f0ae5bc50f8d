// Delivery states of a run's outbound messages, for Flow Logs: the runtime's outbox row of each message (pending,
// sent, or failed with the sender's error) joined with the status the channel last reported for it (sent, delivered,
// read, failed with the channel's error; migration 015). Both stores have the same tables (one schema), so both
// run these statements.
// A run's outbound messages and its outbox rows are written in the same transaction in the same order (the outbox's
// write follows the run's messages step by step), so the n-th outbound message is the n-th outbox row.
import type { LogDelivery, LogMessage } from '../../../shared/api/commands/logs'
import { describeChannelError } from '../../../shared/channel/errors'

export interface DeliveryRow {
  status: 'pending' | 'sent' | 'failed'
  attempts: number
  last_error: string | null
  done_at: number | string | null
  state: 'sent' | 'delivered' | 'read' | 'failed' | null
  error: string | null
  at: number | string | null
}

/** One run's outbox rows with their statuses, in send order; `p` is the run id's placeholder. */
export const deliverySql = (p: string) =>
  `SELECT o.status, o.attempts, o.last_error, o.done_at, s.state, s.error, s.at
     FROM runtime_outbox o LEFT JOIN runtime_channel_status s ON s.channel_id = o.channel_id WHERE o.run_id = ${p} ORDER BY o.seq`

/** How many of a run's messages failed (the sender gave up, or the channel reported failed); `run` names the run id. */
export const failedCountSql = (run: string) =>
  `(SELECT count(*) FROM runtime_outbox o LEFT JOIN runtime_channel_status s ON s.channel_id = o.channel_id
     WHERE o.run_id = ${run} AND (o.status = 'failed' OR s.state = 'failed'))`

/** The run-list filter "failed deliveries": both halves are served by partial indexes on failures (migration 015). */
export const failedFilterSql = (run: string) =>
  `${run} IN (SELECT run_id FROM runtime_outbox WHERE status = 'failed'
              UNION SELECT o.run_id FROM runtime_channel_status s JOIN runtime_outbox o ON o.channel_id = s.channel_id WHERE s.state = 'failed')`

const num = (v: number | string | null): number | null => (v === null ? null : Number(v))

export function toDelivery(r: DeliveryRow): LogDelivery {
  if (r.status === 'pending') return { state: 'pending', error: r.last_error, attempts: r.attempts, at: null }
  if (r.status === 'failed') return { state: 'failed', error: r.last_error, attempts: r.attempts, at: num(r.done_at) }
  if (!r.state) return { state: 'sent', error: null, attempts: r.attempts, at: num(r.done_at) }
  let error: string | null = null
  if (r.error) {
    const e = JSON.parse(r.error) as { code: number | null; title: string; message: string }
    error = describeChannelError({ code: e.code, message: e.title || e.message, details: e.message })
  }
  return { state: r.state, error, attempts: r.attempts, at: num(r.at) }
}

/** The run's messages with each outbound one's delivery; messages of a run the runtime never sent stay as they are. */
export function withDelivery(messages: LogMessage[], deliveries: LogDelivery[]): LogMessage[] {
  if (!deliveries.length) return messages
  let n = 0
  return messages.map((m) => (m.direction === 'out' && n < deliveries.length ? { ...m, delivery: deliveries[n++] } : m))
}
