import type { WebhookInfo } from '../../../shared/api/commands/webhook'
import { flowStore } from '../../services/store/flows'
import { baseUrl, curlCommand, endpointPath } from '../webhook/curl'
import { maskSecret, type SecretRow } from '../../services/webhook/secrets'
import { secretStore, webhookListener } from '../webhook/service'
import type { ListenerStatus } from '../../services/webhook/listener'
import { loadListenerSettings, saveListenerSettings } from '../../services/webhook/settings'
import type { AreaHandlers, HandlerContext } from './types'

async function describe(
  ctx: HandlerContext,
  flowId: string,
  row: SecretRow,
  secret: string | null,
): Promise<WebhookInfo> {
  const flow = ctx.service(flowStore).get(flowId).document
  const listener = await ctx.service(webhookListener).settled()
  const url = endpointUrl(listener, flowId)
  const masked = maskSecret(row.hint)
  return {
    flowId,
    url,
    maskedSecret: masked,
    secretCreatedAt: row.created_at,
    secretRotatedAt: row.rotated_at,
    curl: curlCommand(url, masked, flow),
    listener,
    secret,
    curlWithSecret: secret === null ? null : curlCommand(url, secret, flow),
  }
}

/** The URL a client on this computer calls: a listener bound to 0.0.0.0 or :: is reached through loopback. */
function endpointUrl(listener: ListenerStatus, flowId: string): string {
  return baseUrl(listener.host, listener.port) + endpointPath(flowId)
}

export const webhookHandlers: AreaHandlers<'webhook'> = {
  'webhook.info': (req, ctx) => {
    ctx.service(flowStore).get(req.flowId)
    const { row, secret } = ctx.service(secretStore).ensure(req.flowId)
    return describe(ctx, req.flowId, row, secret)
  },
  'webhook.rotate': async (req, ctx) => {
    ctx.service(flowStore).get(req.flowId)
    const { row, secret } = ctx.service(secretStore).rotate(req.flowId)
    const info = await describe(ctx, req.flowId, row, secret)
    return { ...info, secret, curlWithSecret: info.curlWithSecret! }
  },
  'webhook.listener.get': (_req, ctx) => ctx.service(webhookListener).settled(),
  'webhook.listener.set': (req, ctx) => {
    const patch = Object.fromEntries(Object.entries(req).filter(([, v]) => v !== undefined))
    // Saving replaces unreadable saved settings, which the notice banner already reported.
    const settings = { ...loadListenerSettings(ctx.db, () => {}), ...patch }
    saveListenerSettings(ctx.db, settings, ctx.now())
    return ctx.service(webhookListener).start(settings)
  },
}
