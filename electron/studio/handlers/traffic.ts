import { flowStore } from '../../services/store/flows'
import { SqliteTrafficQueries } from '../../services/traffic/sqlite-traffic'
import type { AreaHandlers, HandlerContext } from './types'

// traffic.overlay / traffic.funnel (shared/api/commands/traffic.ts): the studio's own runs of a flow, read from the
// aggregates every step keeps (electron/services/traffic). A production server's are read through its publish API.

const queries = (ctx: HandlerContext) => new SqliteTrafficQueries(ctx.db)

export const trafficHandlers: AreaHandlers<'traffic'> = {
  'traffic.overlay': (req, ctx) => {
    ctx.service(flowStore).get(req.flowId) // not_found for a flow the studio does not have
    return ctx.service(queries).report(req)
  },
  'traffic.funnel': (req, ctx) => {
    ctx.service(flowStore).get(req.flowId)
    return ctx.service(queries).funnel(req)
  },
}
