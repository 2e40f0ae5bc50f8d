// broadcasts.* (docs/runtime.md, "Broadcasts"): target 'studio' plans and runs in the studio (its contacts, its
// RunService, delivered as the studio delivers); a `serverId` drives that production server through its publish API.
import type { BroadcastTarget } from '../../../shared/api/commands/broadcasts'
import { readContactsCsv, resultsCsv, resultsFileName } from '../../../shared/broadcast'
import { planBroadcast } from '../../services/audience/plan'
import { SqliteContactDirectory } from '../../services/audience/sqlite-directory'
import { ApiFailure } from '../../services/failure'
import { allRecipients } from '../../services/audience/pages'
import { studioBroadcasts } from '../broadcasts/service'
import { remoteBroadcasts } from '../broadcasts/remote'
import { publishClient } from '../publish/servers'
import type { AreaHandlers, HandlerContext } from './types'

const remote = (ctx: HandlerContext, target: BroadcastTarget) =>
  target === 'studio' ? null : remoteBroadcasts(ctx.service(publishClient), target.serverId)

export const broadcastsHandlers: AreaHandlers<'broadcasts'> = {
  'broadcasts.importCsv': (req) => {
    const csv = readContactsCsv(req.text, { defaultCountry: req.defaultCountry })
    if (csv.error) throw new ApiFailure(csv.error.code, csv.error.message)
    return { contacts: csv.contacts, refused: csv.refused }
  },
  'broadcasts.saveContacts': (req, ctx) => new SqliteContactDirectory(ctx.db).upsert(req.contacts, ctx.now()),
  'broadcasts.dryRun': async (req, ctx) => {
    const r = remote(ctx, req.target)
    if (r) return { report: await r.dryRun(req.spec) }
    return { report: (await planBroadcast(req.spec, ctx.service(studioBroadcasts).plan)).report }
  },
  'broadcasts.create': async (req, ctx) => {
    const r = remote(ctx, req.target)
    if (r) return { broadcast: await r.create(req.spec) }
    const studio = ctx.service(studioBroadcasts)
    const planned = await planBroadcast(req.spec, studio.plan)
    return { broadcast: await studio.service.create(req.spec, planned.recipients) }
  },
  'broadcasts.list': async (req, ctx) => {
    const r = remote(ctx, req.target)
    return { broadcasts: r ? await r.list() : await ctx.service(studioBroadcasts).service.list() }
  },
  'broadcasts.get': async (req, ctx) => {
    const r = remote(ctx, req.target)
    return { broadcast: r ? await r.get(req.id) : await ctx.service(studioBroadcasts).service.get(req.id) }
  },
  'broadcasts.recipients': async (req, ctx) => {
    const page = { state: req.state, after: req.after, limit: req.limit }
    const r = remote(ctx, req.target)
    if (r) return r.recipients(req.id, page)
    const recipients = await ctx.service(studioBroadcasts).service.recipients(req.id, page)
    return { recipients, next: recipients.length === req.limit ? recipients.at(-1)!.seq : null }
  },
  'broadcasts.pause': async (req, ctx) => ({ broadcast: await act(ctx, req.target, req.id, 'pause') }),
  'broadcasts.resume': async (req, ctx) => ({ broadcast: await act(ctx, req.target, req.id, 'resume') }),
  'broadcasts.cancel': async (req, ctx) => ({ broadcast: await act(ctx, req.target, req.id, 'cancel') }),
  'broadcasts.resultsCsv': async (req, ctx) => {
    const r = remote(ctx, req.target)
    if (r) return r.resultsCsv(req.id)
    const service = ctx.service(studioBroadcasts).service
    const view = await service.get(req.id)
    return { fileName: resultsFileName(view.name, view.id), text: resultsCsv(await allRecipients(service, view.id)) }
  },
}

function act(ctx: HandlerContext, target: BroadcastTarget, id: string, action: 'pause' | 'resume' | 'cancel') {
  const r = remote(ctx, target)
  return r ? r[action](id) : ctx.service(studioBroadcasts).service[action](id)
}
