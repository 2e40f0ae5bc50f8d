// The studio's FlowSource (docs/engine.md, "Calls"): a Call Flow node calls the latest saved revision of its callee
// from the studio's flow store. The studio pins nothing (revision null): what you edit is what the emulator runs.
import type { FlowSource } from '../../../shared/engine'
import { ApiFailure } from '../failure'
import type { FlowStore } from './flows'

export function studioFlowSource(store: () => FlowStore): FlowSource {
  return {
    async load(flowId) {
      try {
        return { doc: store().get(flowId).document, revision: null }
      } catch (err) {
        // A deleted or unknown flow is a missing callee (callee_missing), not a crash of the step.
        if (err instanceof ApiFailure && err.code === 'not_found') return null
        throw err
      }
    },
  }
}
