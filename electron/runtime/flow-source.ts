// The production runtime's FlowSource (docs/engine.md, "Calls"; docs/publish-api.md, "Callees"): where a call of a
// production run finds its callee. The version of the callee that was published with the caller's version, pinned,
// as Twilio Studio pins a subflow: publishing the callee again changes nothing for callers already published;
// publishing the caller again sends and pins the callee as the studio holds it then. Read on the contact's
// transaction (ContactTx.calledFlow).
import type { FlowSource } from '../../shared/engine'
import type { ContactTx } from './store'

/** A run's revision of a published flow is its version number, as text (RunState.calls[].revision). */
export function runtimeFlowSource(tx: Pick<ContactTx, 'calledFlow'>, pins?: Map<string, number>): FlowSource {
  return {
    async load(flowId, caller) {
      // The root flow's revision is not kept in the run (null): it runs the caller's running version, so do its pins.
      // A root run of an A/B split runs its split version (split-choice.ts): the callees pinned to that version.
      const version = caller.revision === null ? (pins?.get(caller.flowId) ?? null) : Number(caller.revision)
      if (version !== null && !Number.isInteger(version)) return null
      const found = await tx.calledFlow(caller.flowId, version, flowId)
      return found ? { doc: found.doc, revision: String(found.version) } : null
    },
  }
}
