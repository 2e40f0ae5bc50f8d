import type { LogTrace } from '../../shared/api/commands/logs'
import type { FlowDocument } from '../../shared/flow/document'
import { getApi } from '../api'
import { useOverlayStore } from '../emulator/overlay-store'
import { navigate } from '../shell/route'
import { replayPlan } from './replay'

/**
 * Replays a logged run (its trigger with the same data, then the customer's turns) as a new emulator run on the
 * default test contact (the one the emulator panel opens with, so it shows the replay), then opens the editor with the emulator shown. The contact's waiting
 * conversation is ended first, or the keyword would resume it instead of starting afresh. Returns an error to show,
 * or null once the editor is opening.
 */
export async function openInEmulator(
  flowId: string,
  trace: LogTrace,
  doc: FlowDocument | null,
): Promise<string | null> {
  const plan = replayPlan(trace)
  if (!plan.ok) return plan.reason
  const api = getApi()
  const contact = await api.call('emulator.contact', {})
  if (!contact.ok) return contact.error.message
  const target = { flowId, contactId: contact.value.id }
  const restarted = await api.call('emulator.restart', target)
  if (!restarted.ok) return restarted.error.message
  // The logged trigger node, so a flow with two triggers of one kind starts where the logged run did; if it has
  // been deleted since, the engine picks the flow's trigger of that kind as for any start.
  const at =
    plan.triggerNodeId && doc?.nodes.some((n) => n.id === plan.triggerNodeId)
      ? { triggerNodeId: plan.triggerNodeId }
      : {}
  const started = await api.call('emulator.start', { ...target, trigger: plan.trigger, ...at })
  if (!started.ok) return started.error.message
  // An inactive flow does not start from its keyword, as in production: say so rather than open an empty phone.
  if (started.value.action === 'ignored') return started.value.notice ?? 'The flow did not start.'
  for (const [i, event] of plan.events.entries()) {
    const sent = await api.call('emulator.send', { ...target, event })
    if (!sent.ok) return `Customer turn ${i + 1} was not accepted: ${sent.error.message}`
    if (sent.value.action === 'ignored')
      return `Customer turn ${i + 1} was not taken: ${sent.value.notice ?? 'no run was waiting'}`
  }
  if (!useOverlayStore.getState().open) useOverlayStore.getState().toggleOpen()
  navigate({ screen: 'editor', flowId })
  return null
}
