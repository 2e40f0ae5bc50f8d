import type { FlowSplit, SplitState } from '../../../shared/api/commands/split'
import type { PublishedVersion } from '../../../shared/api/commands/publish'
import { RevisionStore } from '../../services/store/revisions'
import { publishClient as client } from '../publish/servers'
import type { AreaHandlers } from './types'

// The A/B split of a saved production server (docs/publish-api.md "Split"), carried over its publish API with the
// saved key; the server's refusals (a version it does not have, a keep outside the split) come back with its code.

type SplitHandlers = Pick<AreaHandlers<'publish'>, 'publish.split.get' | 'publish.split.set' | 'publish.split.end'>

const path = (flowId: string) => `/flows/${encodeURIComponent(flowId)}/split`

export const splitHandlers: SplitHandlers = {
  'publish.split.get': (req, ctx) => ctx.service(client).request<SplitState>(req.serverId, 'GET', path(req.flowId)),
  'publish.split.set': (req, ctx) =>
    ctx.service(client).request<FlowSplit>(req.serverId, 'PUT', path(req.flowId), {
      versions: req.versions,
      percent: req.percent,
    }),
  'publish.split.end': async (req, ctx) => {
    const v = await ctx
      .service(client)
      .request<PublishedVersion>(req.serverId, 'DELETE', path(req.flowId), { keep: req.keep })
    // The kept version runs from now on, as after a rollback: the flows list and the dialog's comparison follow it.
    new RevisionStore(ctx.db).rolledBack(req.serverId, req.flowId, v.version, ctx.now())
    ctx.emit('flows.changed', { id: req.flowId, kind: 'saved' })
    return v
  },
}
