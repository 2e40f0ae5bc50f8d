import type { FlowDocument } from '../flow/document'
import type { Problem } from '../nodes/types'
import { keywordOverlaps } from './triggers'
import { startsFlow } from '../nodes/behaviour-of'

/**
 * Warnings for a flow whose keywords would also start another active flow. The flow being edited counts as active
 * (it usually is not yet while being built), so the designer hears of a clash before switching it on.
 */
export function keywordOverlapProblems(doc: FlowDocument, others: readonly FlowDocument[]): Problem[] {
  const flows = [{ ...doc, active: true }, ...others.filter((f) => f.id !== doc.id && f.active)]
  const triggers = doc.nodes.map((n, i) => ({ n, i })).filter(({ n }) => startsFlow(n.type))
  const problems: Problem[] = []
  for (const o of keywordOverlaps(flows)) {
    const mine = o.winner.flowId === doc.id ? o.winner : o.loser.flowId === doc.id ? o.loser : null
    if (!mine) continue
    const other = mine === o.winner ? o.loser : o.winner
    const at =
      triggers.find(({ n }) =>
        JSON.stringify(n.config).toLocaleLowerCase().includes(mine.keyword.toLocaleLowerCase()),
      ) ?? triggers[0]
    const outcome =
      mine === o.winner
        ? `this flow wins, so "${other.flowName}" never starts from it`
        : `"${other.flowName}" wins, so this flow never starts from it`
    problems.push({
      severity: 'warning',
      code: 'trigger.keyword_overlap',
      message: `The message "${o.message}" matches keyword "${mine.keyword}" here and "${other.keyword}" of the active flow "${other.flowName}": ${outcome}.`,
      ...(at
        ? { nodeId: at.n.id, field: '/keywords', pointer: `/nodes/${at.i}/config/keywords` }
        : { pointer: '/nodes' }),
    })
  }
  return problems
}
