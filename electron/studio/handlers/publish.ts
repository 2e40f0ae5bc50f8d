import { VersionStore } from '../publish/versions'
import type { AreaHandlers, ServiceFactory } from './types'

const versions: ServiceFactory<VersionStore> = (ctx) => new VersionStore(ctx.db, () => ctx.now())

export const publishHandlers: AreaHandlers<'publish'> = {
  'publish.receive': (req, ctx) => {
    const v = ctx.service(versions).publish(req.document)
    ctx.emit('flows.changed', { id: v.flowId, kind: 'saved' })
    return v
  },
  'publish.versions': (req, ctx) => ctx.service(versions).list(req.flowId),
  'publish.rollback': (req, ctx) => {
    const v = ctx.service(versions).rollback(req.flowId, req.version)
    ctx.emit('flows.changed', { id: v.flowId, kind: 'saved' })
    return v
  },
}
