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

export function localTraffic(q: SqliteTrafficQueries, edges: SqliteEdgeRuns): TrafficSource {
  return {
    report: async (query) => q.report(query),
    funnel: async (query) => q.funnel(query),
    edgeRuns: async (query) => edges.edgeRuns(query),
  }
}
