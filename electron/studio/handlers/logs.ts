import { ApiFailure, notFound } from '../../services/failure'
import { applyRetention, purge, readRetention, writeRetention } from '../logs/housekeeping'
import { exportList, exportRun } from '../logs/export'
import { remoteSource } from '../logs/remote'
import { logQueries } from '../logs/service'
import { localSource, type LogSource } from '../../services/logs/source'
import { publishClient } from '../publish/servers'
import { logsWaitingHandlers } from './logs-waiting'
import { saveRunAsTest } from './logs-save-test'
import type { AreaHandlers, HandlerContext } from './types'

/** This studio's runs, or a production server's when the request names one (docs/logs.md, "Production runs"). */
const source = (ctx: HandlerContext, serverId: string | undefined): LogSource =>
  serverId ? remoteSource(ctx.service(publishClient), serverId) : localSource(ctx.service(logQueries))

export const logsHandlers: AreaHandlers<'logs'> = {
  ...logsWaitingHandlers,
  'logs.list': (req, ctx) => source(ctx, req.serverId).list(req.flowId, req.filter, req.after, req.limit),
  'logs.facets': async (req, ctx) => ({ triggerKinds: await source(ctx, req.serverId).triggerKinds(req.flowId) }),
  'logs.run': async (req, ctx) => {
    const t = await source(ctx, req.serverId).run(req.runId)
    if (!t) throw notFound('Run', req.runId)
    return t
  },
  'logs.rows': (req, ctx) => source(ctx, req.serverId).rows(req.ids),
  'logs.retention.get': (_req, ctx) => readRetention(ctx.db),
  'logs.retention.set': async (req, ctx) => {
    writeRetention(ctx.db, req, ctx.now())
    const deleted = await applyRetention(ctx.db, req, ctx.now())
    if (deleted > 0) ctx.emit('logs.changed', { flowId: null, deleted })
    return { ...req, deleted }
  },
  'logs.purge': async (req, ctx) => {
    const deleted = await purge(ctx.db, req)
    ctx.emit('logs.changed', { flowId: req.flowId ?? null, deleted })
    return { deleted }
  },
  'logs.saveTest': saveRunAsTest,
  'logs.export': async (req, ctx) => {
    const q = source(ctx, req.serverId)
    if ('runId' in req) {
      const out = await exportRun(q, req.runId, ctx.now())
      if (!out) throw notFound('Run', req.runId)
      return out
    }
    if (req.filter.from !== undefined && req.filter.to !== undefined && req.filter.from > req.filter.to) {
      throw new ApiFailure('bad_request', 'The time range ends before it starts.')
    }
    return exportList(q, req.flowId, req.filter, req.limit, ctx.now())
  },
}
