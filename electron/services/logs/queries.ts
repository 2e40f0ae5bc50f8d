import type { Database } from 'better-sqlite3'
import type { LogCursor, LogFilter, LogMessage, LogRun, LogTrace } from '../../../shared/api/commands/logs'
import type { RunState, TraceEvent } from '../../../shared/engine/types'
import { RunStore, toSummary, type RunRow } from '../runs/run-store'
import { deliverySql, failedCountSql, failedFilterSql, toDelivery, withDelivery, type DeliveryRow } from './delivery'
import { keyRange, queryWords, RunSearch, type SearchHit } from './search'
import { assembleTrace } from './source'
import { contactAtStartSql, toContactAtStart, type ContactAtStartRow } from './contact-at-start'
import { SearchIndexer } from './search-index'

// The Flow Logs reads. Every list query is "WHERE flow_id = ? [AND one filter column] ORDER BY started_at DESC,
// rowid DESC LIMIT n" with the cursor as a row-value bound, so migration 006's indexes serve it as a range scan and
// page 1000 costs what page 1 costs. Text search reads the FTS5 index (search.ts), whose key is ordered as the
// list is: newest matches first, each chunk's runs checked against the other filters, until a page is full.

/** A text search reads the index newest first in chunks that grow from two pages up to `maxChunk` matches. */
export interface SearchTuning {
  maxChunk: number
}
const TUNING: SearchTuning = { maxChunk: 4000 }

export interface ListRow extends Omit<RunRow, 'state'> {
  contact_name: string | null
  contact_phone: string | null
  seq: number
  failed_deliveries: number
  /** The takeover a Hand over node of this run started (handoverSql), when it did. */
  handover_since?: number | string | null
  handover_ended_at?: number | string | null
}

/**
 * The takeover a run's Hand over node started (LogRun.handover), for both stores' Flow Logs: found through the
 * contact's index (handovers_contact), so a page of runs costs a seek per run.
 */
export function handoverSql(run: string): string {
  // Aggregates, not ORDER BY … LIMIT 1: no sort per row (the list's plans stay sort-free, queries.test.ts). A run
  // starts one takeover per visit of its Hand over node; the latest one's end is null while any is open.
  const of = `FROM handovers h WHERE h.contact_id = ${run}.contact_id AND h.run_id = ${run}.id`
  return (
    `(SELECT max(h.since) ${of}) AS handover_since, ` +
    `(SELECT CASE WHEN count(h.since) > count(h.ended_at) THEN NULL ELSE max(h.ended_at) END ${of}) AS handover_ended_at`
  )
}

const COLUMNS = `r.id, r.flow_id, r.flow_name, r.contact_id, c.name AS contact_name, c.phone AS contact_phone, r.status,
  r.trigger_kind, r.end_reason, r.error_code, r.error_message, r.node_count, r.exec_ms, r.started_at, r.updated_at,
  r.ended_at, r.wake_at, r.flow_version, r.rowid AS seq, ${failedCountSql('r.id')} AS failed_deliveries, ${handoverSql('r')}`

/** LIKE pattern for "contains", with the user's % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

export class LogQueries {
  private readonly store: RunStore
  private readonly search: RunSearch
  private readonly indexer: SearchIndexer

  constructor(
    private readonly db: Database,
    private readonly tuning: SearchTuning = TUNING,
  ) {
    this.store = new RunStore(db)
    this.search = new RunSearch(db)
    this.indexer = new SearchIndexer(db)
  }

  /** Contact ids whose id equals the text or whose name or phone contains it (at most 500). */
  contactIds(text: string): string[] {
    const like = containsPattern(text)
    return this.db
      .prepare(`SELECT id FROM contacts WHERE id = ? OR name LIKE ? ESCAPE '\\' OR phone LIKE ? ESCAPE '\\' LIMIT 500`)
      .pluck()
      .all(text, like, like) as string[]
  }

  list(
    flowId: string,
    filter: LogFilter,
    after: LogCursor | undefined,
    limit: number,
  ): { runs: LogRun[]; next: LogCursor | null } {
    if (filter.text) return this.searchList(flowId, filter, after, limit)
    return page(this.read(this.listQuery(flowId, filter, after, limit + 1)), limit)
  }

  private read(q: { sql: string; args: unknown[] } | null): ListRow[] {
    return q ? (this.db.prepare(q.sql).all(...q.args) as ListRow[]) : []
  }

  private searchList(flowId: string, filter: LogFilter, after: LogCursor | undefined, limit: number) {
    if (!queryWords(filter.text ?? '')) return { runs: [], next: null }
    // Writes only mark their runs (migration 014): index those first, so the search (and the index's vocabulary
    // that spells out the last word) sees every committed step.
    this.indexer.flush()
    const match = this.search.expression(filter.text ?? '')
    if (!match) return { runs: [], next: null }
    const { text: _text, ...rest } = filter
    const { lo, hi: top } = keyRange(after, filter.from, filter.to)
    const found: ListRow[] = []
    const take = (runs: number[]) => {
      if (runs.length) found.push(...this.read(this.listQuery(flowId, rest, after, runs.length, runs)))
    }
    let hi = top
    for (
      let size = Math.min(Math.max(2 * (limit + 1), 100), this.tuning.maxChunk);
      ;
      size = Math.min(size * 4, this.tuning.maxChunk)
    ) {
      const hits = this.search.chunk(match, lo, hi, size)
      take(hits.map((h) => h.run))
      if (hits.length) hi = (hits.at(-1) as SearchHit).key
      if (found.length > limit) {
        take(this.search.restOfMillisecond(match, hi))
        break
      }
      if (hits.length < size) break
    }
    found.sort((a, b) => b.started_at - a.started_at || b.seq - a.seq)
    return page(found, limit)
  }

  /**
   * The list's SQL and arguments (null when the contact filter matches nobody); tests EXPLAIN it. With `rowids`
   * (a text search's matches) the query reads those runs only, each by its rowid, and sorts them.
   */
  listQuery(
    flowId: string,
    filter: Omit<LogFilter, 'text'>,
    after: LogCursor | undefined,
    limit: number,
    rowids?: number[],
  ): { sql: string; args: unknown[] } | null {
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
    if (filter.delivery === 'failed') where.push(failedFilterSql('r.id'))
    // Only paused runs carry a due time, so the status index narrows the scan to the flow's paused runs.
    if (filter.waiting === 'time') where.push("r.status = 'paused' AND r.wake_at IS NOT NULL")
    if (after) {
      where.push('(r.started_at, r.rowid) < (?, ?)')
      args.push(after.startedAt, after.seq)
    }
    // CROSS JOIN keeps the matches as the outer loop: one rowid lookup each, not a walk of the flow's index.
    const from = rowids ? 'json_each(?) j CROSS JOIN runs r ON r.rowid = j.value' : 'runs r'
    return {
      sql: `SELECT ${COLUMNS} FROM ${from} LEFT JOIN contacts c ON c.id = r.contact_id
            WHERE ${where.join(' AND ')} ORDER BY r.started_at DESC, r.rowid DESC LIMIT ?`,
      args: [...(rowids ? [JSON.stringify(rowids)] : []), ...args, limit],
    }
  }

  triggerKinds(flowId: string): string[] {
    // One index seek per distinct kind (skip-scan over runs_flow_trigger_started), not a scan of the flow's runs.
    const kinds: string[] = []
    const next = this.db
      .prepare('SELECT trigger_kind FROM runs WHERE flow_id = ? AND trigger_kind > ? ORDER BY trigger_kind LIMIT 1')
      .pluck()
    for (
      let k = next.get(flowId, '') as string | undefined;
      k !== undefined;
      k = next.get(flowId, k) as string | undefined
    ) {
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

  /** List rows of the given runs that exist. */
  rows(ids: string[]): LogRun[] {
    if (!ids.length) return []
    const rows = this.db
      .prepare(
        `SELECT ${COLUMNS} FROM runs r LEFT JOIN contacts c ON c.id = r.contact_id WHERE r.id IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify(ids)) as ListRow[]
    return rows.map(toLogRun)
  }

  run(runId: string): LogTrace | null {
    const run = this.summary(runId)
    if (!run) return null
    const state = this.store.state(runId) as RunState
    const trace: TraceEvent[] = this.store.trace(runId)
    const deliveries = (this.db.prepare(deliverySql('?')).all(runId) as DeliveryRow[]).map(toDelivery)
    const messages: LogMessage[] = withDelivery(this.store.messages(runId), deliveries)
    const contact = this.db
      .prepare(contactAtStartSql((n) => `@p${n}`))
      .get({ p1: run.contact.id, p2: run.startedAt }) as ContactAtStartRow | undefined
    return assembleTrace(run, state, trace, messages, toContactAtStart(contact))
  }
}

function page(rows: ListRow[], limit: number): { runs: LogRun[]; next: LogCursor | null } {
  const runs = rows.slice(0, limit).map(toLogRun)
  return { runs, next: rows.length > limit ? (runs.at(-1) as LogRun).cursor : null }
}

export function toLogRun(r: ListRow): LogRun {
  const { contactId, ...summary } = toSummary(r)
  return {
    ...summary,
    contact: { id: contactId, name: r.contact_name ?? '', phone: r.contact_phone ?? '' },
    failedDeliveries: Number(r.failed_deliveries ?? 0),
    // A store that does not select the column (an older runtime's) has no due times to show.
    wakeAt: r.wake_at === null || r.wake_at === undefined ? null : Number(r.wake_at),
    version: r.flow_version === null || r.flow_version === undefined ? null : Number(r.flow_version),
    cursor: { startedAt: Number(r.started_at), seq: Number(r.seq) },
    ...(r.handover_since === null || r.handover_since === undefined
      ? {}
      : {
          handover: {
            since: Number(r.handover_since),
            endedAt:
              r.handover_ended_at === null || r.handover_ended_at === undefined ? null : Number(r.handover_ended_at),
          },
        }),
  }
}
