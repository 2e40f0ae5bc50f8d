// Where a call of a production run finds its callee (shared/engine/deps.ts FlowSource): the version of the callee
// that was published with the caller's version, pinned (docs/publish-api.md, "Callees"), as Twilio Studio pins a
// subflow. Publishing the callee again changes nothing for callers already published; publishing the caller again
// sends and pins the callee as the studio holds it then. Read on the contact's transaction (ContactTx.calledFlow).
import type { FlowSource } from '../../shared/engine'
import type { ContactTx } from './store'

/** A run's revision of a published flow is its version number, as text (RunState.calls[].revision). */
export function publishedFlows(tx: Pick<ContactTx, 'calledFlow'>): FlowSource {
  return {
    async load(flowId, caller) {
      // The root flow's revision is not kept in the run (null): it runs the caller's running version, so do its pins.
      const version = caller.revision === null ? null : Number(caller.revision)
      if (version !== null && !Number.isInteger(version)) return null
      const found = await tx.calledFlow(caller.flowId, version, flowId)
      return found ? { doc: found.doc, revision: String(found.version) } : null
    },
  }
}
