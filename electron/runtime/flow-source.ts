// The production runtime's FlowSource (docs/engine.md, "Calls"): where a Call Flow node's callee comes from on a
// server. For now the callee's running (latest published, or rolled back to) version, read on the contact's
// transaction; the pin to the revision published with the caller replaces this one function (docs/runtime.md).
import type { FlowSource } from '../../shared/engine'
import type { ContactTx } from './store'

export function runtimeFlowSource(tx: Pick<ContactTx, 'runningFlow'>): FlowSource {
  return {
    async load(flowId) {
      const doc = await tx.runningFlow(flowId)
      return doc ? { doc, revision: null } : null
    },
  }
}
