// Traffic aggregates in SQLite (migration 029): added to in the step's transaction (the studio's RunStore.write), or,
// on `chatflow serve`, appended as one pending row per group commit (migration 034) and folded into them about once a
// second and before every read; summed over a period for the overlay and the funnel (the studio's `traffic.*`
// commands, and `chatflow serve` on SQLite through its publish API).
import type { Database, Statement } from 'better-sqlite3'
import type { FunnelQuery, FunnelReport, TrafficQuery, TrafficReport } from '../../../shared/api/commands/traffic'
import { daysOf, funnelReport, trafficReport, type TrafficSums } from './report'
import { pendingCounts } from './pending'
import { rowValues } from './row-values'
import type { TrafficBatch, TrafficRows } from './run-traffic'

const upsert = (table: string, keys: string[], counts: string[]): string =>
  `INSERT INTO ${table} (${[...keys, ...counts].join(', ')}) VALUES (${[...keys, ...counts].map(() => '?').join(', ')})
   ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${counts.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')}`

const COHORT = ['flow_id', 'day', 'version']
const RUN_COUNTS = ['started', 'ended', 'failed', 'expired', 'abandoned', 'turns']
const NODE_COUNTS = ['reached', 'ended', 'failed', 'expired', 'abandoned', 'waiting']

type Table = 'runs' | 'nodes' | 'edges' | 'answers'
/** The pending row's key of each table (pending.ts), and how many of a row's leading values are its key. */
const PENDING: Array<[string, Table, number]> = [
  ['r', 'runs', 3],
  ['n', 'nodes', 4],
  ['e', 'edges', 6],
  ['a', 'answers', 5],
]

export class SqliteTrafficWriter {
  private readonly sql: Record<Table, Statement>
  private readonly pending: Record<'append' | 'any' | 'all' | 'clear', Statement>
  private readonly folding: () => number

  constructor(db: Database) {
    this.sql = {
      runs: db.prepare(upsert('traffic_runs', COHORT, RUN_COUNTS)),
      nodes: db.prepare(upsert('traffic_nodes', [...COHORT, 'node_id'], NODE_COUNTS)),
      edges: db.prepare(upsert('traffic_edges', [...COHORT, 'from_node', 'port', 'to_node'], ['runs'])),
      answers: db.prepare(upsert('traffic_answers', [...COHORT, 'node_id', 'bucket'], ['answers'])),
    }
    this.pending = {
      append: db.prepare('INSERT INTO traffic_pending (counts) VALUES (?)'),
      any: db.prepare('SELECT EXISTS (SELECT 1 FROM traffic_pending)').pluck(),
      all: db.prepare('SELECT counts FROM traffic_pending').pluck(),
      clear: db.prepare('DELETE FROM traffic_pending'),
    }
    // Its own transaction, or a savepoint of the one open (the runtime's group commit): all of it or none.
    this.folding = db.transaction(() => this.foldNow())
  }

  /** Adds the rows; the caller holds the step's transaction. */
  add(rows: TrafficRows): void {
    for (const r of rows.runs) this.sql.runs.run(...rowValues.runs(r))
    for (const n of rows.nodes) this.sql.nodes.run(...rowValues.nodes(n))
    for (const e of rows.edges) this.sql.edges.run(...rowValues.edges(e))
    for (const a of rows.answers) this.sql.answers.run(...rowValues.answers(a))
  }

  /** Appends the batch's counts as one pending row (migration 034), for a later fold; the caller holds the transaction. */
  append(batch: TrafficBatch): void {
    const counts = pendingCounts(batch)
    if (counts !== null) this.pending.append.run(counts)
  }

  /**
   * Adds the pending rows' sums to the aggregates and deletes them, in one transaction (a savepoint inside one that
   * is open); answers how many pending rows it folded. Cheap when none wait: one probe.
   */
  fold(): number {
    return this.pending.any.get() ? this.folding() : 0
  }

  private foldNow(): number {
    const rows = this.pending.all.all() as string[]
    const sums: Record<Table, Map<string, Array<string | number>>> = {
      runs: new Map(),
      nodes: new Map(),
      edges: new Map(),
      answers: new Map(),
    }
    for (const text of rows) {
      const counts = JSON.parse(text) as Record<string, Array<Array<string | number>>>
      for (const [field, table, keys] of PENDING) {
        for (const row of counts[field] ?? []) {
          const k = JSON.stringify(row.slice(0, keys))
          const have = sums[table].get(k)
          if (!have) sums[table].set(k, [...row])
          else for (let i = keys; i < row.length; i++) (have[i] as number) += row[i] as number
        }
      }
    }
    // A row whose counts add up to nothing (a run that left and came back to wait) changes nothing: left out, as
    // TrafficBatch.rows leaves it out.
    for (const [, table, keys] of PENDING)
      for (const row of sums[table].values()) if (row.slice(keys).some((c) => c !== 0)) this.sql[table].run(...row)
    this.pending.clear.run()
    return rows.length
  }
}

const WHERE = 'flow_id = @flowId AND day BETWEEN @first AND @last AND (@version IS NULL OR version = @version)'

export class SqliteTrafficQueries {
  private readonly sql: Record<'versions' | 'runs' | 'nodes' | 'edges' | 'answers', Statement>
  /** Reads fold the pending counts first (a runtime's file; the studio's own has none: one probe). */
  private readonly writer: SqliteTrafficWriter

  constructor(db: Database) {
    this.writer = new SqliteTrafficWriter(db)
    this.sql = {
      versions: db
        .prepare(
          'SELECT DISTINCT version FROM traffic_runs WHERE flow_id = @flowId AND day BETWEEN @first AND @last ORDER BY version DESC',
        )
        .pluck(),
      runs: db.prepare(
        `SELECT ${RUN_COUNTS.map((c) => `coalesce(sum(${c}), 0) AS ${c}`).join(', ')} FROM traffic_runs WHERE ${WHERE}`,
      ),
      nodes: db.prepare(
        `SELECT node_id AS nodeId, ${NODE_COUNTS.map((c) => `sum(${c}) AS ${c}`).join(', ')}
         FROM traffic_nodes WHERE ${WHERE} GROUP BY node_id ORDER BY node_id`,
      ),
      edges: db.prepare(
        `SELECT from_node AS "from", port, to_node AS "to", sum(runs) AS runs
         FROM traffic_edges WHERE ${WHERE} GROUP BY from_node, port, to_node ORDER BY from_node, port, to_node`,
      ),
      answers: db.prepare(
        `SELECT node_id AS nodeId, bucket, sum(answers) AS answers
         FROM traffic_answers WHERE ${WHERE} GROUP BY node_id, bucket ORDER BY node_id, bucket`,
      ),
    }
  }

  private params(q: TrafficQuery) {
    return { flowId: q.flowId, ...daysOf(q), version: q.version ?? null }
  }

  sums(q: TrafficQuery, parts: { answers?: boolean; versions?: boolean } = {}): TrafficSums {
    this.writer.fold()
    const p = this.params(q)
    return {
      versions: parts.versions === false ? [] : (this.sql.versions.all(p) as number[]),
      runs: this.sql.runs.get(p) as TrafficSums['runs'],
      nodes: this.sql.nodes.all(p) as TrafficSums['nodes'],
      edges: this.sql.edges.all(p) as TrafficSums['edges'],
      answers: parts.answers === false ? [] : (this.sql.answers.all(p) as TrafficSums['answers']),
    }
  }

  report(q: TrafficQuery): TrafficReport {
    return trafficReport(q, this.sums(q))
  }

  funnel(q: FunnelQuery): FunnelReport {
    return funnelReport(q, this.sums(q, { answers: false, versions: false }))
  }
}
