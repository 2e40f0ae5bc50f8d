// "Runs that took this edge" (the Tests tab's untested traffic, GET /api/v1/flows/{id}/traffic/runs): the newest runs
// of a flow whose traffic record (RunState.traffic, run-traffic.ts) holds the connection. The record is kept in the
// run's stored state, so both stores find them in `runs.state` without reading traces: a plain substring test on the
// record's JSON text narrows the runs, walking the (flow_id, started_at) index newest first, and a JSON test of the
// record's list confirms each (a customer's text could hold the same characters). The same rules on both stores.
import type { EdgeRunsQuery } from '../../../shared/api/commands/untested'
import { DAY_MS, SEP } from './run-traffic'

/** The connection's key in a run's record, and that key as it is written inside the stored state's JSON. */
export function edgeKey(q: Pick<EdgeRunsQuery, 'from' | 'port' | 'to'>): { key: string; needle: string } {
  const key = q.from + SEP + q.port + SEP + q.to
  return { key, needle: JSON.stringify(key) }
}

/** The period in start times (ms): from the first day's midnight (UTC) to the end of the last; null: unbounded. */
export function edgeRunsPeriod(q: Pick<EdgeRunsQuery, 'since' | 'until'>): {
  since: number | null
  until: number | null
} {
  return {
    since: q.since ? Date.parse(`${q.since}T00:00:00Z`) : null,
    until: q.until ? Date.parse(`${q.until}T00:00:00Z`) + DAY_MS : null,
  }
}
