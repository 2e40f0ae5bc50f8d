import type { WebhookInfo } from '../../../shared/api/commands/webhook'
import { flowStore } from '../store/flows'
import { baseUrl, curlCommand, endpointPath } from '../webhook/curl'
import { maskSecret, type SecretRow } from '../webhook/secrets'
import { secretStore, webhookListener } from '../webhook/service'
import type { ListenerStatus } from '../webhook/listener'
import { loadListenerSettings, saveListenerSettings } from '../webhook/settings'
import type { AreaHandlers, HandlerContext } from './types'

async function describe(ctx: HandlerContext, flowId: string, row: SecretRow): Promise<WebhookInfo> {
  const flow = ctx.service(flowStore).get(flowId).document
  const listener = await ctx.service(webhookListener).settled()
  const url = endpointUrl(listener, flowId)
  return {
    flowId,
    url,
    maskedSecret: maskSecret(row.secret),
    secretCreatedAt: row.created_at,
    secretRotatedAt: row.rotated_at,
    curl: curlCommand(url, maskSecret(row.secret), flow),
    listener,
  }
}

/** The URL a client on this computer calls: a listener bound to 0.0.0.0 or :: is reached through loopback. */
function endpointUrl(listener: ListenerStatus, flowId: string): string {
  return baseUrl(listener.host, listener.port) + endpointPath(flowId)
}

export const webhookHandlers: AreaHandlers<'webhook'> = {
  'webhook.info': (req, ctx) => {
    ctx.service(flowStore).get(req.flowId)
    return describe(ctx, req.flowId, ctx.service(secretStore).ensure(req.flowId))
  },
  'webhook.reveal': async (req, ctx) => {
    const flow = ctx.service(flowStore).get(req.flowId).document
    const { secret } = ctx.service(secretStore).ensure(req.flowId)
    const listener = await ctx.service(webhookListener).settled()
    return { secret, curl: curlCommand(endpointUrl(listener, req.flowId), secret, flow) }
  },
  'webhook.rotate': async (req, ctx) => {
    ctx.service(flowStore).get(req.flowId)
    const row = ctx.service(secretStore).rotate(req.flowId)
    return { ...(await describe(ctx, req.flowId, row)), secret: row.secret }
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
