// Traffic reports over PostgreSQL (migration 029's tables; steps append their counts to traffic_pending, which a
// fold adds to them: pg-traffic-fold.ts): the pending counts folded first, so a read counts every step committed
// before it, then the period's sums in one round trip, turned into the same report and funnel as SQLite's
// (services/traffic/report.ts).
import type pg from 'pg'
import type { FunnelQuery, TrafficQuery } from '../../shared/api/commands/traffic'
import { daysOf, funnelReport, trafficReport, type TrafficSums } from '../services/traffic/report'
import type { TrafficSource } from '../services/traffic/source'
import { foldTraffic } from './pg-traffic-fold'

const WHERE = 'flow_id = $1 AND day BETWEEN $2 AND $3 AND ($4::integer IS NULL OR version = $4::integer)'
const RUN_COUNTS = ['started', 'ended', 'failed', 'expired', 'abandoned', 'turns']
const NODE_COUNTS = ['reached', 'ended', 'failed', 'expired', 'abandoned', 'waiting']

const agg = (select: string, order: string) =>
  `(SELECT coalesce(json_agg(x ORDER BY ${order}), '[]') FROM (${select}) x)`

const sumsSql = (answers: boolean, versions: boolean) => `SELECT
  ${versions ? `(SELECT coalesce(json_agg(v ORDER BY v DESC), '[]') FROM (SELECT DISTINCT version AS v FROM traffic_runs WHERE flow_id = $1 AND day BETWEEN $2 AND $3) s)` : `'[]'::json`} AS versions,
  (SELECT json_build_object(${RUN_COUNTS.map((c) => `'${c}', coalesce(sum(${c}), 0)`).join(', ')}) FROM traffic_runs WHERE ${WHERE}) AS runs,
  ${agg(`SELECT node_id AS "nodeId", ${NODE_COUNTS.map((c) => `sum(${c}) AS ${c}`).join(', ')} FROM traffic_nodes WHERE ${WHERE} GROUP BY node_id`, 'x."nodeId"')} AS nodes,
  ${agg(`SELECT from_node AS "from", port, to_node AS "to", sum(runs) AS runs FROM traffic_edges WHERE ${WHERE} GROUP BY from_node, port, to_node`, 'x."from", x.port, x."to"')} AS edges,
  ${answers ? agg(`SELECT node_id AS "nodeId", bucket, sum(answers) AS answers FROM traffic_answers WHERE ${WHERE} GROUP BY node_id, bucket`, 'x."nodeId", x.bucket') : `'[]'::json`} AS answers`

export class PgTraffic implements TrafficSource {
  constructor(private readonly pool: pg.Pool) {}

  async sums(q: TrafficQuery, parts: { answers?: boolean; versions?: boolean } = {}): Promise<TrafficSums> {
    const answers = parts.answers !== false
    const versions = parts.versions !== false
    const { first, last } = daysOf(q)
    await foldTraffic(this.pool)
    const { rows } = await this.pool.query<TrafficSums>({
      name: `chatflow_traffic_${answers ? 'a' : ''}${versions ? 'v' : ''}`,
      text: sumsSql(answers, versions),
      values: [q.flowId, first, last, q.version ?? null],
    })
    return rows[0]!
  }

  async report(q: TrafficQuery) {
    return trafficReport(q, await this.sums(q))
  }

  async funnel(q: FunnelQuery) {
    return funnelReport(q, await this.sums(q, { answers: false, versions: false }))
  }
}
