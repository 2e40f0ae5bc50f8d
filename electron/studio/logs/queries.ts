import type { Database } from 'better-sqlite3'
import type { LogCursor, LogFilter, LogMessage, LogRun, LogTrace } from '../../../shared/api/commands/logs'
import type { RunState, TraceEvent } from '../../../shared/engine/types'
import { RunStore, toSummary, type RunRow } from '../runs/run-store'

// The Flow Logs reads. Every list query is "WHERE flow_id = ? [AND one filter column] ORDER BY started_at DESC,
// rowid DESC LIMIT n" with the cursor as a row-value bound, so migration 006's indexes serve it as a range scan and
// page 1000 costs what page 1 costs. Text search checks candidate rows in that same order and stops at the limit.

interface ListRow extends Omit<RunRow, 'state'> {
  contact_name: string | null
  contact_phone: string | null
  seq: number
}

const COLUMNS = `r.id, r.flow_id, r.flow_name, r.contact_id, c.name AS contact_name, c.phone AS contact_phone, r.status,
  r.trigger_kind, r.end_reason, r.error_code, r.error_message, r.node_count, r.exec_ms, r.started_at, r.updated_at,
  r.ended_at, r.rowid AS seq`

/** LIKE pattern for "contains", with the user's % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

export class LogQueries {
  private readonly store: RunStore

  constructor(private readonly db: Database) {
    this.store = new RunStore(db)
  }

  /** Contact ids whose id equals the text or whose name or phone contains it (at most 500). */
  contactIds(text: string): string[] {
    const like = containsPattern(text)
    return this.db
      .prepare(
        `SELECT id FROM contacts WHERE id = ? OR name LIKE ? ESCAPE '\\' OR phone LIKE ? ESCAPE '\\' LIMIT 500`,
      )
      .pluck()
      .all(text, like, like) as string[]
  }

  list(flowId: string, filter: LogFilter, after: LogCursor | undefined, limit: number): { runs: LogRun[]; next: LogCursor | null } {
    const q = this.listQuery(flowId, filter, after, limit + 1)
    if (!q) return { runs: [], next: null }
    const rows = this.db.prepare(q.sql).all(...q.args) as ListRow[]
    const more = rows.length > limit
    const runs = rows.slice(0, limit).map(toLogRun)
    return { runs, next: more ? (runs.at(-1) as LogRun).cursor : null }
  }

  /** The list's SQL and arguments (null when the contact filter matches nobody); tests EXPLAIN it. */
  listQuery(flowId: string, filter: LogFilter, after: LogCursor | undefined, limit: number): { sql: string; args: unknown[] } | null {
    const where = ['r.flow_id = ?']
    const args: unknown[] = [flowId]
    if (filter.status?.length) {
      where.push(`r.status IN (${filter.status.map(() => '?').join(', ')})`)
      args.push(...filter.status)
    }
    if (filter.triggerKind?.length) {
      where.push(`r.trigger_kind IN (${filter.triggerKind.map(() => '?').join(', ')})`)
      args.push(...filter.triggerKind)
    }
    if (filter.contact) {
      const ids = this.contactIds(filter.contact)
      if (!ids.length) return null
      where.push(`r.contact_id IN (${ids.map(() => '?').join(', ')})`)
      args.push(...ids)
    }
    if (filter.from !== undefined) {
      where.push('r.started_at >= ?')
      args.push(filter.from)
    }
    if (filter.to !== undefined) {
      where.push('r.started_at <= ?')
      args.push(filter.to)
    }
    if (after) {
      where.push('(r.started_at, r.rowid) < (?, ?)')
      args.push(after.startedAt, after.seq)
    }
    if (filter.text) {
      const like = containsPattern(filter.text)
      // Variables only, not the whole state: "paused" must not match every run through its status field. The raw
      // state text is tested first because it contains the variables: most rows are then refused without a JSON parse.
      where.push(`(EXISTS (SELECT 1 FROM messages m WHERE m.run_id = r.id AND m.payload LIKE ? ESCAPE '\\')
        OR (r.state LIKE ? ESCAPE '\\' AND json_extract(r.state, '$.vars') LIKE ? ESCAPE '\\'))`)
      args.push(like, like, like)
    }
    return {
      sql: `SELECT ${COLUMNS} FROM runs r LEFT JOIN contacts c ON c.id = r.contact_id
            WHERE ${where.join(' AND ')} ORDER BY r.started_at DESC, r.rowid DESC LIMIT ?`,
      args: [...args, limit],
    }
  }

  triggerKinds(flowId: string): string[] {
    // One index seek per distinct kind (skip-scan over runs_flow_trigger_started), not a scan of the flow's runs.
    const kinds: string[] = []
    const next = this.db
      .prepare('SELECT trigger_kind FROM runs WHERE flow_id = ? AND trigger_kind > ? ORDER BY trigger_kind LIMIT 1')
      .pluck()
    for (let k = next.get(flowId, '') as string | undefined; k !== undefined; k = next.get(flowId, k) as string | undefined) {
      kinds.push(k)
    }
    return kinds
  }

  summary(runId: string): LogRun | null {
    const row = this.db
      .prepare(`SELECT ${COLUMNS} FROM runs r LEFT JOIN contacts c ON c.id = r.contact_id WHERE r.id = ?`)
      .get(runId) as ListRow | undefined
    return row ? toLogRun(row) : null
  }

  run(runId: string): LogTrace | null {
    const run = this.summary(runId)
    if (!run) return null
    const state = this.store.state(runId) as RunState
    const trace: TraceEvent[] = this.store.trace(runId)
    const messages: LogMessage[] = this.store.messages(runId)
    return {
      run,
      trace,
      messages,
      vars: state.vars,
      totalMs: trace.reduce((sum, t) => sum + t.durationMs, 0),
      path: trace.map((t) => t.nodeId),
      trigger: state.trigger,
      triggerNodeId: trace[0]?.nodeType === 'trigger' ? trace[0].nodeId : null,
    }
  }
}

function toLogRun(r: ListRow): LogRun {
  const { contactId, ...summary } = toSummary(r)
  return {
    ...summary,
    contact: { id: contactId, name: r.contact_name ?? '', phone: r.contact_phone ?? '' },
    cursor: { startedAt: r.started_at, seq: r.seq },
  }
}
