import { describeKeyStorage } from '../publish/key-protector'
import { checkLibrary, libraryFor, storeLibrary } from '../../services/publish/library'
import { publishPreview, recordSent } from '../publish/preview'
import { publishClient as client } from '../publish/servers'
import { calleesPreview, calleesToSend } from '../publish/callees'
import { ApiFailure } from '../../services/failure'
import type { FlowDocument } from '../../../shared/flow/document'
import { VersionStore } from '../../services/publish/versions'
import { checkPublishBundle } from '../../services/publish/callees'
import { FlowStore } from '../../services/store/flows'
import { RevisionStore } from '../../services/store/revisions'
import type { AreaHandlers, HandlerContext, ServiceFactory } from './types'
import { splitHandlers } from './publish-split'

const versions: ServiceFactory<VersionStore> = (ctx) => new VersionStore(ctx.db, () => ctx.now())

/**
 * Publishing names the revision it sends (so it outlives pruning and the Publish dialog and the flows list can say
 * which version runs where): with the name given, else, when it has none, after the server and version.
 */
function namePublished(
  ctx: HandlerContext,
  req: { serverId: string; flowId: string; label?: string; description?: string },
  revision: number,
  version: number,
): void {
  const store = new RevisionStore(ctx.db)
  const server =
    ctx
      .service(client)
      .list()
      .find((s) => s.id === req.serverId)?.name ?? req.serverId
  ctx.db.transaction(() => {
    store.recordPublished(
      { serverId: req.serverId, flowId: req.flowId, version, revision, label: `${server} v${version}` },
      ctx.now(),
    )
    // A name given without a description keeps the one the revision has.
    if (req.label)
      store.name(
        req.flowId,
        revision,
        req.label,
        req.description ?? store.get(req.flowId, revision)?.description ?? null,
      )
  })()
}

export const publishHandlers: AreaHandlers<'publish'> = {
  ...splitHandlers,
  'publish.receive': (req, ctx) => {
    const checked = checkPublishBundle(req.document, req.dependencies)
    const library = checkLibrary(req.library)
    // The library and the version in one transaction: a refused item leaves the previous version and library as they were.
    const v = ctx.db.transaction(() => {
      storeLibrary(ctx.db, library, () => ctx.now())
      return ctx.service(versions).storeChecked(checked)
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
    const store = new FlowStore(ctx.db, ctx.now)
    const { document, revision } = store.get(req.flowId)
    const callees = calleesToSend(store, document)
    const library = libraryFor(ctx.db, [document, ...callees]).library
    const out = await ctx.service(client).publish(req.serverId, document, library, callees)
    // Kept so the next publish can show what changed since this version (the API does not return documents).
    recordSent(ctx.db, req.serverId, document, out.version.version, ctx.now())
    for (const d of out.version.dependencies ?? []) {
      const sent = callees.find((c) => c.id === d.flowId)
      if (sent && !d.reused) recordSent(ctx.db, req.serverId, sent, d.version, ctx.now())
    }
    namePublished(ctx, req, revision, out.version.version)
    // The flows list shows what each server runs.
    ctx.emit('flows.changed', { id: req.flowId, kind: 'saved', revision })
    return out
  },
  'publish.preview': async (req, ctx) => {
    const store = new FlowStore(ctx.db, ctx.now)
    const { document, revision } = store.get(req.flowId)
    const preview = await publishPreview(ctx.db, ctx.service(client), req.serverId, document, revision)
    let callees: FlowDocument[] = []
    try {
      callees = calleesToSend(store, document)
    } catch (err) {
      // A call to a flow this studio lacks blocks the publish (publish.send refuses it): shown as an error here.
      if (!(err instanceof ApiFailure)) throw err
      preview.errors.push(err.message)
    }
    const dependencies = await calleesPreview(ctx.db, ctx.service(client), req.serverId, callees)
    // Sent with the flow (publish.send); one the studio lacks is not sent, and its node fails on the runtime.
    const missing = libraryFor(ctx.db, [document, ...callees]).missing
    return { ...preview, warnings: [...preview.warnings, ...missing], dependencies }
  },
  'publish.remote.versions': (req, ctx) => ctx.service(client).versions(req.serverId, req.flowId),
  'publish.remote.rollback': async (req, ctx) => {
    const v = await ctx.service(client).rollback(req.serverId, req.flowId, req.version)
    new RevisionStore(ctx.db).rolledBack(req.serverId, req.flowId, req.version, ctx.now())
    ctx.emit('flows.changed', { id: req.flowId, kind: 'saved' })
    return v
  },
}
