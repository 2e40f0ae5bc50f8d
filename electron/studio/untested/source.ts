// Where untested traffic reads the runs: this studio's database (the aggregates and its runs' records), or a
// production server's publish API with the key saved in the Publish dialog (GET /api/v1/flows/{id}/traffic and
// /traffic/runs, docs/publish-api.md "Traffic of a runtime"), whose errors reach the user as in Flow Logs.
import type { TrafficQuery, TrafficReport } from '../../../shared/api/commands/traffic'
import type { EdgeRuns, EdgeRunsQuery } from '../../../shared/api/commands/untested'
import { ApiFailure } from '../../services/failure'
import { SqliteEdgeRuns } from '../../services/traffic/sqlite-edge-runs'
import { SqliteTrafficQueries } from '../../services/traffic/sqlite-traffic'
import type { HandlerContext } from '../handlers/types'
import { publishClient } from '../publish/servers'

export interface UntestedSource {
  report(q: TrafficQuery): Promise<TrafficReport>
  edgeRuns(q: EdgeRunsQuery): Promise<EdgeRuns>
}

export function untestedSource(ctx: HandlerContext, serverId: string | undefined): UntestedSource {
  if (!serverId) {
    const traffic = new SqliteTrafficQueries(ctx.db)
    const edges = new SqliteEdgeRuns(ctx.db)
    return { report: async (q) => traffic.report(q), edgeRuns: async (q) => edges.edgeRuns(q) }
  }
  const client = ctx.service(publishClient)
  const flow = (id: string) => `/flows/${encodeURIComponent(id)}/traffic`
  return {
    report: (q) => {
      const p = new URLSearchParams({ from: q.from, to: q.to })
      if (q.version !== undefined) p.set('version', String(q.version))
      return client.request<TrafficReport>(serverId, 'GET', `${flow(q.flowId)}?${p}`)
    },
    edgeRuns: (q) => {
      const p = new URLSearchParams({ from: q.from, port: q.port, to: q.to, limit: String(q.limit) })
      if (q.since) p.set('since', q.since)
      if (q.until) p.set('until', q.until)
      if (q.version !== undefined) p.set('version', String(q.version))
      // The route answers every flow (none: no runs), so not_found means a server older than the route.
      return client.request<EdgeRuns>(serverId, 'GET', `${flow(q.flowId)}/runs?${p}`).catch((err: unknown) => {
        if (!(err instanceof ApiFailure) || err.code !== 'not_found') throw err
        throw new ApiFailure(
          'unavailable',
          `${err.message} The server does not say which runs took a connection (GET /api/v1/flows/{id}/traffic/runs): update its chatflow serve to find untested traffic there.`,
        )
      })
    },
  }
}
