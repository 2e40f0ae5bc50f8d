import { keywordOverlapProblems } from '../../../shared/engine/keyword-problems'
import { flowStore } from '../../services/store/flows'
import type { AreaHandlers } from './types'
import { flowCallees, flowCallers } from './flow-calls'

export const flowsHandlers: AreaHandlers<'flows'> = {
  'flows.list': (req, ctx) => ctx.service(flowStore).list(req.search, req.sort),
  'flows.get': (req, ctx) => ctx.service(flowStore).get(req.id),
  'flows.keywordOverlaps': (req, ctx) => keywordOverlapProblems(req.document, ctx.service(flowStore).activeDocuments()),
  'flows.create': (req, ctx) => {
    const flow = ctx.service(flowStore).create(req.name)
    ctx.emit('flows.changed', { id: flow.id, kind: 'created', revision: flow.revision })
    return flow
  },
  'flows.save': (req, ctx) => {
    const saved = ctx.service(flowStore).save(req.document, req.expectedRevision)
    ctx.emit('flows.changed', { id: saved.id, kind: 'saved', revision: saved.revision })
    return saved
  },
  'flows.rename': (req, ctx) => {
    const flow = ctx.service(flowStore).change(req.id, 'rename', (doc) => ({ ...doc, name: req.name }))
    ctx.emit('flows.changed', { id: flow.id, kind: 'renamed', revision: flow.revision })
    return flow
  },
  'flows.duplicate': (req, ctx) => {
    const copy = ctx.service(flowStore).duplicate(req.id)
    ctx.emit('flows.changed', { id: copy.id, kind: 'duplicated', revision: copy.revision })
    return copy
  },
  'flows.setActive': (req, ctx) => {
    const reason = req.active ? 'activate' : 'deactivate'
    const flow = ctx.service(flowStore).change(req.id, reason, (doc) => ({ ...doc, active: req.active }))
    ctx.emit('flows.changed', { id: flow.id, kind: 'activated', revision: flow.revision })
    return flow
  },
  'flows.delete': (req, ctx) => {
    ctx.service(flowStore).softDelete(req.id)
    ctx.emit('flows.changed', { id: req.id, kind: 'deleted' })
    return { id: req.id }
  },
  'flows.callers': (req, ctx) => {
    ctx.service(flowStore).get(req.id) // not_found for a flow that does not exist
    return flowCallers(ctx.service(flowStore), req.id)
  },
  'flows.callees': (req, ctx) => flowCallees(ctx.service(flowStore), req.document),
  'flows.restore': (req, ctx) => {
    const flow = ctx.service(flowStore).restore(req.id)
    ctx.emit('flows.changed', { id: flow.id, kind: 'restored', revision: flow.revision })
    return flow
  },
}
