import type { BreakpointValue } from '../../../shared/api/commands/breakpoints'
import type { ApiIssue } from '../../../shared/api'
import { conditionExpression, conditionProblem } from '../../../shared/analysis/breakpoint-condition'
import type { FlowDocument } from '../../../shared/flow/document'
import { ApiFailure } from '../../services/failure'
import { flowStore } from '../../services/store/flows'
import { breakpointStore, targetExists } from '../breakpoints/store'
import type { AreaHandlers } from './types'

// breakpoints.list / breakpoints.set (shared/api/commands/breakpoints.ts). A breakpoint is checked against the
// flow as stored: the canvas saves its draft before it sets a breakpoint on a card it just added.

/** The condition as kept: one expression (shared/analysis/breakpoint-condition.ts); blank means none. */
const conditionOf = (b: BreakpointValue) => conditionExpression(b.condition ?? '') || undefined

function refuseInvalid(doc: FlowDocument, list: readonly BreakpointValue[]): void {
  const seen = new Set<string>()
  list.forEach((b, i) => {
    if (seen.has(b.id))
      throw new ApiFailure('bad_request', `Two breakpoints have the id ${b.id}.`, [
        { path: ['breakpoints', i, 'id'], message: 'This id is used twice.' },
      ])
    seen.add(b.id)
  })
  const unknown: ApiIssue[] = []
  list.forEach((b, i) => {
    if (targetExists(doc, b)) return
    const [what, id] = b.at.kind === 'node' ? ['node', b.at.nodeId] : ['connection', b.at.edgeId]
    unknown.push({ path: ['breakpoints', i, 'at'], message: `The flow has no ${what} with id ${id}.` })
  })
  if (unknown.length)
    throw new ApiFailure(
      'breakpoint.target_unknown',
      `${unknown[0]!.message} Save the flow first, or remove the breakpoint.`,
      unknown,
    )
  const invalid: ApiIssue[] = []
  list.forEach((b, i) => {
    const c = conditionOf(b)
    const problem = c === undefined ? null : conditionProblem(c)
    if (problem) invalid.push({ path: ['breakpoints', i, 'condition'], message: problem })
  })
  if (invalid.length) throw new ApiFailure('breakpoint.condition_invalid', invalid[0]!.message, invalid)
}

export const breakpointsHandlers: AreaHandlers<'breakpoints'> = {
  'breakpoints.list': (req, ctx) => {
    const doc = ctx.service(flowStore).get(req.flowId).document
    return ctx.service(breakpointStore).forFlow(doc)
  },
  'breakpoints.set': (req, ctx) => {
    const doc = ctx.service(flowStore).get(req.flowId).document
    const list = req.breakpoints.map((b) => {
      const { condition: _c, ...rest } = b
      const condition = conditionOf(b)
      return condition === undefined ? rest : { ...rest, condition }
    })
    refuseInvalid(doc, list)
    const store = ctx.service(breakpointStore)
    store.replace(req.flowId, list)
    return store.forFlow(doc)
  },
}
