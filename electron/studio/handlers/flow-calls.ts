// Calls between the studio's flows, read from the stored flows: who calls a flow (listed before it is renamed or
// deleted) and what a document calls (the editor's catalogue for its checks and the Expression Builder).
import type { FlowCaller } from '../../../shared/api'
import { calleesOf, catalogueOf } from '../../../shared/flow/catalogue'
import type { FlowDocument } from '../../../shared/flow/document'
import { callGraphOf, callersOfFlow } from '../../../shared/analysis/calls'
import type { FlowStore } from '../../services/store/flows'

export function flowCallers(store: FlowStore, id: string): FlowCaller[] {
  return callersOfFlow(catalogueOf(store.documents()), id)
}

export function flowCallees(store: FlowStore, doc: FlowDocument): FlowDocument[] {
  const graph = callGraphOf(catalogueOf(store.documents()), doc)
  return [...calleesOf(graph, doc.id)].flatMap((id) => {
    const callee = id === doc.id ? undefined : graph.catalogue.get(id)
    return callee ? [callee] : []
  })
}
