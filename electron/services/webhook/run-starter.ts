import type { TriggerInput } from '../../../shared/engine'
import { webhookTriggerOf } from '../../../shared/nodes/trigger/kind'
import type { RunService } from '../runs'
import type { StartWebhookRun } from './server'

/**
 * Starts webhook runs through the studio's RunService, exactly as the emulator and the CLI do: the contact is
 * found or created by phone number, the run starts at the flow's webhook trigger, and its first step (run row,
 * trace, messages) is committed before the HTTP answer is sent. `runsOf` gives the RunService a contact's runs are
 * stepped with (the studio's: on that contact's emulator clock, which Skip ahead may have moved on).
 */
export function webhookRunStarter(
  runs: RunService,
  runsOf: (contactId: string) => RunService = () => runs,
): StartWebhookRun {
  return async (flow, req) => {
    const contact = runs.contacts.ensure({ phone: req.phone_number })
    const trigger: TriggerInput = { kind: 'webhook', phone_number: req.phone_number, data: req.data }
    if (req.message_text !== undefined) trigger.message_text = req.message_text
    if (req.button_id !== undefined) trigger.button_id = req.button_id
    const triggerNodeId = webhookTriggerOf(flow)?.id
    const step = await runsOf(contact.id).start(flow, { contact, trigger, triggerNodeId })
    const { id, status, error } = step.state
    return {
      runId: id,
      state: status,
      contactId: contact.id,
      error: error ? { code: error.code, message: error.message } : null,
    }
  }
}
