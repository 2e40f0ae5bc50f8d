// The flows a document's Call Flow nodes call, by node, with the name the studio knows them by (the editor's
// catalogue of callees, fetched by problems.ts): the card shows the name and links to the flow.
import { boundCalls } from '../../shared/analysis/calls'
import type { FlowCatalogue } from '../../shared/flow/catalogue'
import type { FlowDocument } from '../../shared/flow/document'
import type { Callee } from './decor'

export function calleesByNode(doc: FlowDocument, flows: FlowCatalogue | null): Map<string, Callee> {
  const out = new Map<string, Callee>()
  for (const call of boundCalls(doc))
    if (call.flowId.trim()) out.set(call.nodeId, { flowId: call.flowId, name: flows?.get(call.flowId)?.name ?? null })
  return out
}
