import type { TrafficSide } from '../../../shared/api/commands/traffic'
import { flowStore } from '../../services/store/flows'
import { SqliteTrafficQueries } from '../../services/traffic/sqlite-traffic'
import { localTraffic } from '../../services/traffic/source'
import { publishClient } from '../publish/servers'
import { remoteTraffic, type TrafficReads } from '../traffic/remote'
import type { AreaHandlers, HandlerContext } from './types'

// traffic.overlay / funnel / compare (shared/api/commands/traffic.ts): the studio's own runs of a flow, read from the
// aggregates every step keeps (electron/services/traffic), or a production server's through its publish API with
// the key saved in the Publish dialog when the request names a `serverId` (as logs.* do).

const queries = (ctx: HandlerContext) => new SqliteTrafficQueries(ctx.db)

function source(ctx: HandlerContext, serverId: string | undefined, flowId: string): TrafficReads {
  if (serverId) return remoteTraffic(ctx.service(publishClient), serverId)
  ctx.service(flowStore).get(flowId) // not_found for a flow the studio does not have
  return localTraffic(ctx.service(queries))
}

export const trafficHandlers: AreaHandlers<'traffic'> = {
  'traffic.overlay': ({ serverId, ...q }, ctx) => source(ctx, serverId, q.flowId).report(q),
  'traffic.funnel': ({ serverId, ...q }, ctx) => source(ctx, serverId, q.flowId).funnel(q),
  // One request for both sides so they always share the period and the goal (and one error, not half a view).
  'traffic.compare': async ({ serverId, versions, goal, ...period }, ctx) => {
    const src = source(ctx, serverId, period.flowId)
    const side = async (version: number): Promise<TrafficSide> => {
      const [report, funnel] = await Promise.all([
        src.report({ ...period, version }),
        goal ? src.funnel({ ...period, version, goal }) : Promise.resolve(null),
      ])
      return { ...report, funnel }
    }
    const [a, b] = await Promise.all([side(versions[0]), side(versions[1])])
    return { a, b }
  },
}
