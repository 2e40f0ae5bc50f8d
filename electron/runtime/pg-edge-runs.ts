// The runs of a flow that took a connection, newest first, in PostgreSQL: the same rules as SQLite's
// (electron/services/traffic/edge-runs.ts), the substring test first so only candidates are read as JSON.
import type pg from 'pg'
import type { EdgeRuns, EdgeRunsQuery } from '../../shared/api/commands/untested'
import { edgeKey, edgeRunsPeriod } from '../services/traffic/edge-runs'

const SQL = `SELECT id FROM runs
  WHERE flow_id = $1 AND ($2::bigint IS NULL OR started_at >= $2::bigint) AND ($3::bigint IS NULL OR started_at < $3::bigint)
    AND ($4::integer IS NULL OR flow_version = $4::integer)
    AND CASE WHEN strpos(state, $5) > 0 THEN jsonb_exists(state::jsonb -> 'traffic' -> 'e', $6) ELSE false END
  ORDER BY started_at DESC, seq DESC LIMIT $7`

export async function pgEdgeRuns(pool: pg.Pool, q: EdgeRunsQuery): Promise<EdgeRuns> {
  const { since, until } = edgeRunsPeriod(q)
  const { key, needle } = edgeKey(q)
  const { rows } = await pool.query<{ id: string }>({
    name: 'chatflow_edge_runs',
    text: SQL,
    values: [q.flowId, since, until, q.version ?? null, needle, key, q.limit],
  })
  return { runs: rows.map((r) => r.id) }
}
