import { compareRevisions } from '../compare/revisions'
import { serverSide } from '../compare/server-side'
import { compareTests, comparisons, sideDocument } from '../compare/tests'
import type { AreaHandlers } from './types'

export const compareHandlers: AreaHandlers<'compare'> = {
  'compare.runTests': (req, ctx) =>
    compareTests(ctx, req.flowId, sideDocument(ctx, req.flowId, req.before), sideDocument(ctx, req.flowId, req.after)),
  'compare.cancelTests': (req, ctx) => {
    const running = ctx.service(comparisons).get(req.flowId)
    running?.abort()
    return { cancelled: running !== undefined }
  },
  'compare.revisions': (req, ctx) => compareRevisions(ctx, req.flowId, req.revision, req.to),
  'compare.serverSide': (req, ctx) => serverSide(ctx, req.serverId, req.flowId),
}
