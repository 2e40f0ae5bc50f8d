// Flow Logs over the PostgreSQL store (the runtime's logs API, docs/publish-api.md "Flow Logs of a runtime"): the same
// answers LogQueries gives over SQLite, newest first, keyset-paged on (started_at, seq), with delivery states. Text
// search here is a case-insensitive substring of the run's messages and variables (SQLite has its word index).
import type pg from 'pg'
import type { LogCursor, LogFilter, LogRun, LogTrace } from '../../shared/api/commands/logs'
import type { RunState } from '../../shared/engine'
import {
  deliverySql,
  failedCountSql,
  failedFilterSql,
  toDelivery,
  withDelivery,
  type DeliveryRow,
} from '../services/logs/delivery'
import { containsPattern, handoverSql, toLogRun, type ListRow } from '../services/logs/queries'
import { assembleTrace, type LogSource } from '../services/logs/source'
import { contactAtStartSql, toContactAtStart, type ContactAtStartRow } from '../services/logs/contact-at-start'
import { readMessages, readTrace } from './pg-runs'

const COLUMNS = `r.id, r.flow_id, r.flow_name, r.contact_id, c.name AS contact_name, c.phone AS contact_phone, r.status, r.trigger_kind,
  r.end_reason, r.error_code, r.error_message, r.node_count, r.exec_ms, r.started_at, r.updated_at, r.ended_at, r.wake_at, r.seq,
  r.flow_version, ${failedCountSql('r.id')} AS failed_deliveries, ${handoverSql('r')}`
const FROM = 'runs r LEFT JOIN contacts c ON c.id = r.contact_id'

export class PgLogs implements LogSource {
  constructor(private readonly pool: pg.Pool) {}

  async list(flowId: string, filter: LogFilter, after: LogCursor | undefined, limit: number) {
    const args: unknown[] = [flowId]
    const arg = (v: unknown) => `$${args.push(v)}`
    const where = ['r.flow_id = $1']
    if (filter.status?.length) where.push(`r.status = ANY(${arg(filter.status)})`)
    if (filter.triggerKind?.length) where.push(`r.trigger_kind = ANY(${arg(filter.triggerKind)})`)
    if (filter.contact) {
      const like = arg(containsPattern(filter.contact))
      where.push(
        `r.contact_id IN (SELECT id FROM contacts WHERE id = ${arg(filter.contact)} OR name ILIKE ${like} OR phone ILIKE ${like} LIMIT 500)`,
      )
    }
    if (filter.from !== undefined) where.push(`r.started_at >= ${arg(filter.from)}`)
    if (filter.to !== undefined) where.push(`r.started_at <= ${arg(filter.to)}`)
    if (filter.text) {
      const like = arg(containsPattern(filter.text))
      where.push(
        `(EXISTS (SELECT 1 FROM messages m WHERE m.run_id = r.id AND m.payload ILIKE ${like}) OR (r.state::jsonb -> 'vars')::text ILIKE ${like})`,
      )
    }
    if (filter.delivery === 'failed') where.push(failedFilterSql('r.id'))
    if (filter.waiting === 'time') where.push("r.status = 'paused' AND r.wake_at IS NOT NULL")
    if (after) where.push(`(r.started_at, r.seq) < (${arg(after.startedAt)}, ${arg(after.seq)})`)
    const { rows } = await this.pool.query<ListRow>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE ${where.join(' AND ')} ORDER BY r.started_at DESC, r.seq DESC LIMIT ${arg(limit + 1)}`,
      args,
    )
    const runs = rows.slice(0, limit).map(toLogRun)
    return { runs, next: rows.length > limit ? runs.at(-1)!.cursor : null }
  }

  async triggerKinds(flowId: string) {
    const { rows } = await this.pool.query<{ trigger_kind: string }>(
      'SELECT DISTINCT trigger_kind FROM runs WHERE flow_id = $1 ORDER BY trigger_kind',
      [flowId],
    )
    return rows.map((r) => r.trigger_kind)
  }

  async rows(ids: string[]): Promise<LogRun[]> {
    if (!ids.length) return []
    const { rows } = await this.pool.query<ListRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE r.id = ANY($1)`, [ids])
    return rows.map(toLogRun)
  }

  async run(runId: string): Promise<LogTrace | null> {
    const { rows } = await this.pool.query<ListRow & { state: string }>(
      `SELECT ${COLUMNS}, r.state FROM ${FROM} WHERE r.id = $1`,
      [runId],
    )
    if (!rows[0]) return null
    const state = JSON.parse(rows[0].state) as RunState
    const run = toLogRun(rows[0])
    const [trace, messages, deliveries, contact] = await Promise.all([
      readTrace(this.pool, runId),
      readMessages(this.pool, runId),
      this.pool.query<DeliveryRow>(deliverySql('$1'), [runId]),
      this.pool.query<ContactAtStartRow>(
        contactAtStartSql((n) => `$${n}`),
        [run.contact.id, run.startedAt],
      ),
    ])
    const delivered = withDelivery(messages, deliveries.rows.map(toDelivery))
    return assembleTrace(run, state, trace, delivered, toContactAtStart(contact.rows[0]))
  }
}
