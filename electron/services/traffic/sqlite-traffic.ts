// Traffic aggregates in SQLite (migration 029): added to by every step in the step's transaction (RunStore.write),
// and summed over a period for the overlay and the funnel (the studio's `traffic.*` commands, and `chatflow serve`
// on SQLite through its publish API).
import type { Database, Statement } from 'better-sqlite3'
import type { FunnelQuery, FunnelReport, TrafficQuery, TrafficReport } from '../../../shared/api/commands/traffic'
import { daysOf, funnelReport, trafficReport, type TrafficSums } from './report'
import { rowValues } from './row-values'
import type { TrafficRows } from './run-traffic'

const upsert = (table: string, keys: string[], counts: string[]): string =>
  `INSERT INTO ${table} (${[...keys, ...counts].join(', ')}) VALUES (${[...keys, ...counts].map(() => '?').join(', ')})
   ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${counts.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')}`

const COHORT = ['flow_id', 'day', 'version']
const RUN_COUNTS = ['started', 'ended', 'failed', 'expired', 'abandoned', 'turns']
const NODE_COUNTS = ['reached', 'ended', 'failed', 'expired', 'abandoned', 'waiting']

export class SqliteTrafficWriter {
  private readonly sql: Record<'runs' | 'nodes' | 'edges' | 'answers', Statement>

  constructor(db: Database) {
    this.sql = {
      runs: db.prepare(upsert('traffic_runs', COHORT, RUN_COUNTS)),
      nodes: db.prepare(upsert('traffic_nodes', [...COHORT, 'node_id'], NODE_COUNTS)),
      edges: db.prepare(upsert('traffic_edges', [...COHORT, 'from_node', 'port', 'to_node'], ['runs'])),
      answers: db.prepare(upsert('traffic_answers', [...COHORT, 'node_id', 'bucket'], ['answers'])),
    }
  }

  /** Adds the rows; the caller holds the step's transaction. */
  add(rows: TrafficRows): void {
    for (const r of rows.runs) this.sql.runs.run(...rowValues.runs(r))
    for (const n of rows.nodes) this.sql.nodes.run(...rowValues.nodes(n))
    for (const e of rows.edges) this.sql.edges.run(...rowValues.edges(e))
    for (const a of rows.answers) this.sql.answers.run(...rowValues.answers(a))
  }
}

const WHERE = 'flow_id = @flowId AND day BETWEEN @first AND @last AND (@version IS NULL OR version = @version)'

export class SqliteTrafficQueries {
  private readonly sql: Record<'versions' | 'runs' | 'nodes' | 'edges' | 'answers', Statement>

  constructor(db: Database) {
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
