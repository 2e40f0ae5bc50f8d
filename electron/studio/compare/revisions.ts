import type { KeptRevision } from '../../../shared/api/commands/compare'
import { compareFlows, type FlowComparison } from '../../../shared/diff'
import { ApiFailure } from '../../services/failure'
import { RevisionStore } from '../../services/store/revisions'
import { readStoredFlow } from '../../services/store/stored-flow'
import { flowStore } from '../../services/store/flows'
import type { HandlerContext } from '../handlers/types'

// A comparison by address (#/flows/<id>?compare=3): the kept revisions and their comparison computed here, beside
// the renderer's own loading of the flow, so its canvas is drawn once with its marks and its main thread only draws.

function kept(ctx: HandlerContext, flowId: string, revision: number): KeptRevision {
  const row = new RevisionStore(ctx.db).get(flowId, revision)
  if (!row) throw new ApiFailure('not_found', `Revision ${revision} of this flow is no longer kept.`)
  return { revision: row.revision, label: row.label, document: readStoredFlow(row.document) }
}

export function compareRevisions(
  ctx: HandlerContext,
  flowId: string,
  revision: number,
  to: number | undefined,
): { before: KeptRevision; after: KeptRevision | null; draftRevision: number; comparison: FlowComparison } {
  const stored = ctx.service(flowStore).get(flowId)
  const a = kept(ctx, flowId, revision)
  const b = to === undefined ? null : kept(ctx, flowId, to)
  // The older side is the before side, whichever way the address names them.
  const [before, after] = b && b.revision < a.revision ? [b, a] : [a, b]
  return {
    before,
    after,
    draftRevision: stored.revision,
    comparison: compareFlows(before.document, after ? after.document : stored.document),
  }
}
