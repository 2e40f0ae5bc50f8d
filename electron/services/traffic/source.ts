// Where traffic reports are read: the studio's own database or a runtime's SQLite file (SqliteTrafficQueries), or a
// runtime's PostgreSQL (electron/runtime/pg-traffic.ts). One async shape, so the studio's commands and the publish
// API's routes serve each the same way.
import type { FunnelQuery, FunnelReport, TrafficQuery, TrafficReport } from '../../../shared/api/commands/traffic'
import type { EdgeRuns, EdgeRunsQuery } from '../../../shared/api/commands/untested'
import type { SqliteEdgeRuns } from './sqlite-edge-runs'
import type { SqliteTrafficQueries } from './sqlite-traffic'

export interface TrafficSource {
  report(q: TrafficQuery): Promise<TrafficReport>
  funnel(q: FunnelQuery): Promise<FunnelReport>
  /** The newest runs that took a connection (edge-runs.ts): what the Tests tab's untested traffic saves as a test. */
  edgeRuns(q: EdgeRunsQuery): Promise<EdgeRuns>
}

/** Over SQLite; with `edges`, the runs that took a connection too (the runtime's store; the overlay needs none). */
export function localTraffic(q: SqliteTrafficQueries): Pick<TrafficSource, 'report' | 'funnel'>
export function localTraffic(q: SqliteTrafficQueries, edges: SqliteEdgeRuns): TrafficSource
export function localTraffic(
  q: SqliteTrafficQueries,
  edges?: SqliteEdgeRuns,
): TrafficSource | Pick<TrafficSource, 'report' | 'funnel'> {
  const reads = {
    report: async (query: TrafficQuery) => q.report(query),
    funnel: async (query: FunnelQuery) => q.funnel(query),
  }
  return edges ? { ...reads, edgeRuns: async (query: EdgeRunsQuery) => edges.edgeRuns(query) } : reads
}
