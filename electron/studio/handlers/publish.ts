import { describeKeyStorage } from '../publish/key-protector'
import { checkLibrary, libraryFor, storeLibrary } from '../../services/publish/library'
import { publishPreview, recordSent } from '../publish/preview'
import { publishClient as client } from '../publish/servers'
import { checkPublishable, VersionStore } from '../../services/publish/versions'
import { FlowStore } from '../../services/store/flows'
import type { AreaHandlers, ServiceFactory } from './types'

const versions: ServiceFactory<VersionStore> = (ctx) => new VersionStore(ctx.db, () => ctx.now())

export const publishHandlers: AreaHandlers<'publish'> = {
  'publish.receive': (req, ctx) => {
    const document = checkPublishable(req.document)
    const library = checkLibrary(req.library)
    // The library and the version in one transaction: a refused item leaves the previous version and library as they were.
    const v = ctx.db.transaction(() => {
      storeLibrary(ctx.db, library, () => ctx.now())
      return ctx.service(versions).store(document)
    })()
    ctx.emit('flows.changed', { id: v.flowId, kind: 'saved' })
    return v
  },
  'publish.versions': (req, ctx) => ctx.service(versions).list(req.flowId),
  'publish.rollback': (req, ctx) => {
    const v = ctx.service(versions).rollback(req.flowId, req.version)
    ctx.emit('flows.changed', { id: v.flowId, kind: 'saved' })
    return v
  },
  'publish.servers.list': (_req, ctx) => ({
    servers: ctx.service(client).list(),
    keyStorage: describeKeyStorage(ctx.service(client).keys.current().kind, ctx.service(client).keys.where()),
  }),
  'publish.servers.save': (req, ctx) => ctx.service(client).save(req),
  'publish.servers.delete': (req, ctx) => {
    ctx.service(client).delete(req.id)
    return { id: req.id }
  },
  'publish.send': async (req, ctx) => {
    const document = new FlowStore(ctx.db, ctx.now).get(req.flowId).document
    const out = await ctx.service(client).publish(req.serverId, document, libraryFor(ctx.db, document).library)
    // Kept so the next publish can show what changed since this version (the API does not return documents).
    recordSent(ctx.db, req.serverId, document, out.version.version, ctx.now())
    return out
  },
  'publish.preview': async (req, ctx) => {
    const document = new FlowStore(ctx.db, ctx.now).get(req.flowId).document
    const preview = await publishPreview(ctx.db, ctx.service(client), req.serverId, document)
    // Sent with the flow (publish.send); one the studio lacks is not sent, and its node fails on the runtime.
    return { ...preview, warnings: [...preview.warnings, ...libraryFor(ctx.db, document).missing] }
  },
  'publish.remote.versions': (req, ctx) => ctx.service(client).versions(req.serverId, req.flowId),
  'publish.remote.rollback': (req, ctx) => ctx.service(client).rollback(req.serverId, req.flowId, req.version),
}
