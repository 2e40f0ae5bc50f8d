// A FlowSource over documents already in hand (docs/engine.md, "Calls"): the CLI's flows given on its command line,
// the conversation-test player's, tests'. Every answer is "the latest" (revision null): there is one of each.
import type { FlowDocument } from '../flow/document'
import type { FlowSource } from './deps'

export function flowsFrom(docs: Iterable<FlowDocument>): FlowSource {
  const byId = new Map<string, FlowDocument>()
  for (const doc of docs) if (!byId.has(doc.id)) byId.set(doc.id, doc)
  return { load: async (flowId) => (byId.has(flowId) ? { doc: byId.get(flowId)!, revision: null } : null) }
}
