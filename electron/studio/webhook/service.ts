import type { FlowDocument } from '../../../shared/flow/document'
import { ApiFailure } from '../../services/failure'
import { noticeOnce } from '../../services/settings/saved'
import type { ServiceFactory } from '../handlers/types'
import { runsAtClock } from '../emulator/clock'
import { emulatorRuns } from '../emulator/service'
import { flowStore } from '../../services/store/flows'
import { WebhookListener } from '../../services/webhook/listener'
import { webhookRunStarter } from '../../services/webhook/run-starter'
import { SecretStore } from '../../services/webhook/secrets'
import type { StartWebhookRun } from '../../services/webhook/server'
import { envOverrides, loadListenerSettings } from '../../services/webhook/settings'

export const secretStore: ServiceFactory<SecretStore> = (ctx) => new SecretStore(ctx.db, () => ctx.now())

/**
 * The back end's webhook listener, started with it (services.ts). It reads the flow from the store on every
 * request, so edits, activation and rotation apply at once. A failed start (port in use) is a status, not a crash.
 */
export const webhookListener: ServiceFactory<WebhookListener> = (ctx) => {
  const flows = ctx.service(flowStore)
  const findFlow = (flowId: string): FlowDocument | null => {
    try {
      return flows.get(flowId).document
    } catch (err) {
      if (err instanceof ApiFailure && err.code === 'not_found') return null
      throw err
    }
  }
  // A test contact that skipped ahead in the emulator lives on its own clock: a webhook run of it starts there, so
  // its steps stay in order with the ones before and its waits and window count from the contact's time.
  const start = webhookRunStarter(ctx.service(emulatorRuns), (contactId) => runsAtClock(ctx, contactId))
  // Same event as the emulator's own runs, so coverage and the Flow Logs refresh live; the source lets an open
  // emulator of the flow switch to the run.
  const startRun: StartWebhookRun = async (flow, request) => {
    const run = await start(flow, request)
    ctx.emit('emulator.updated', { flowId: flow.id, contactId: run.contactId, runId: run.runId, source: 'webhook' })
    return run
  }
  const listener = new WebhookListener(
    { secrets: ctx.service(secretStore), findFlow, startRun, log: ctx.log },
    { ...loadListenerSettings(ctx.db, (message) => noticeOnce(ctx.notices, message)), ...envOverrides() },
  )
  void listener.start()
  return listener
}
