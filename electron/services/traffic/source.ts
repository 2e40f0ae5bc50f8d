// Where traffic reports are read: the studio's own database or a runtime's SQLite file (SqliteTrafficQueries), or a
// runtime's PostgreSQL (electron/runtime/pg-traffic.ts). One async shape, so the studio's commands and the publish
// API's routes serve each the same way.
import type { FunnelQuery, FunnelReport, TrafficQuery, TrafficReport } from '../../../shared/api/commands/traffic'
import type { SqliteTrafficQueries } from './sqlite-traffic'

export interface TrafficSource {
  report(q: TrafficQuery): Promise<TrafficReport>
  funnel(q: FunnelQuery): Promise<FunnelReport>
}

export function localTraffic(q: SqliteTrafficQueries): TrafficSource {
  return { report: async (query) => q.report(query), funnel: async (query) => q.funnel(query) }
}
