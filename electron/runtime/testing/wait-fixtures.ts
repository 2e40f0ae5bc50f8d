// Test support: a paused run made to wait on time as a node's "no reply within" would leave it (the engine's
// WaitCursor with `until` and `timeoutPort`), committed through the store like any step, so the runtime's timers
// can be tested on the example flows. A wake leaves the waiting node by `timeoutPort`: generic, no node decides it.
import type { StepResult } from '../../../shared/engine'
import type { FlowDocument } from '../../../shared/flow/document'
import type { RuntimeStore } from '../store'

/** Makes the contact's paused run (of `flow`) wait until `until`, leaving by `port` when woken. */
export async function waitOnTime(
  store: RuntimeStore,
  flow: FlowDocument,
  phone: string,
  until: number,
  port: string,
): Promise<string> {
  return store.withContact(phone, undefined, async (tx) => {
    const paused = await tx.pausedRun()
    if (!paused?.waiting) throw new Error(`${phone} has no paused run`)
    const state = { ...paused, waiting: { ...paused.waiting, until, timeoutPort: port } }
    const step: StepResult = { state, trace: [], messages: [], inbound: null }
    await tx.commit({ steps: [{ flow, step }] })
    return paused.id
  })
}
