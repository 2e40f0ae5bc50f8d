import { ApiFailure } from '../../services/failure'
import { creditRuleOr, loadCreditRule, saveCreditRule } from '../manual/credit-rule'
import { noticeOnce } from '../../services/settings/saved'
import { manualRuns } from '../manual/service'
import { triggerManual } from '../manual/trigger'
import { flowStore } from '../../services/store/flows'
import type { AreaHandlers } from './types'
import { startsFlow } from '../../../shared/nodes/behaviour-of'

export const manualHandlers: AreaHandlers<'manual'> = {
  'manual.trigger': async (req, ctx) => {
    const flow = ctx.service(flowStore).get(req.flowId).document
    if (req.triggerNodeId !== undefined && !flow.nodes.some((n) => n.id === req.triggerNodeId && startsFlow(n.type)))
      throw new ApiFailure('not_found', `Flow '${flow.name}' has no trigger node '${req.triggerNodeId}'.`)
    const results = await triggerManual(
      ctx.service(manualRuns),
      { flow, targets: req.contacts, data: req.data, triggerNodeId: req.triggerNodeId, operator: 'studio' },
      creditRuleOr(ctx.db, (message) => noticeOnce(ctx.notices, message)),
      () => ctx.now(),
    )
    for (const r of results)
      if (r.runId && r.contactId)
        ctx.emit('emulator.updated', { flowId: flow.id, contactId: r.contactId, runId: r.runId })
    return { results, totalCost: results.reduce((n, r) => n + r.cost, 0) }
  },
  'manual.creditRule': (_req, ctx) => ({ rule: loadCreditRule(ctx.db) }),
  'manual.setCreditRule': (req, ctx) => ({ rule: saveCreditRule(ctx.db, req.rule, ctx.now()) }),
}
