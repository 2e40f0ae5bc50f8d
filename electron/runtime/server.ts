// The runtime's HTTP side: one listener for the webhook trigger and the inbound-message endpoint (the same
// WebhookListener the studio uses, so port errors, rate limits and error codes are the studio's), and the
// publish API on its own port when a publish key is given.
import type { FastifyInstance } from 'fastify'
import { startPublishApi } from '../studio/publish/start'
import { WebhookListener, type ListenerStatus } from '../studio/webhook/listener'
import type { ListenerSettings } from '../studio/webhook/settings'
import { inboundRoute } from './inbound-route'
import { storePublishTarget } from './publish-target'
import type { Runtime } from './runtime'

export interface RuntimeServerOptions {
  settings: ListenerSettings
  /** Turns on POST /api/v1/inbound (at least 16 characters). */
  inboundKey?: string
  /** Turns on the publish API (at least 16 characters). */
  publishKey?: string
  publishPort?: number
  log: (message: string) => void
}

export interface RuntimeServer {
  listener: ListenerStatus
  /** The publish API's base URL, when it runs. */
  publishUrl: string | null
  close(): Promise<void>
}

/** Starts the listener (and the publish API). A listener that cannot start is reported in `listener`, not thrown. */
export async function startRuntimeServer(runtime: Runtime, opts: RuntimeServerOptions): Promise<RuntimeServer> {
  if (opts.inboundKey !== undefined && opts.inboundKey.length < 16) throw new Error('the inbound key must be at least 16 characters')
  const store = runtime.store
  const listener = new WebhookListener(
    {
      secrets: { verify: (flowId, key) => store.verifySecret(flowId, key) },
      findFlow: (flowId) => store.runningFlow(flowId),
      startRun: (flow, req) => runtime.webhook(flow, req),
      log: opts.log,
      extend: opts.inboundKey ? inboundRoute(runtime, opts.inboundKey, opts.log) : undefined,
    },
    opts.settings,
  )
  const status = await listener.start()
  let publish: { url: string; app: FastifyInstance } | null = null
  if (status.state === 'listening' && opts.publishKey) {
    try {
      publish = await startPublishApi(storePublishTarget(store), opts.publishKey, new URL(status.url!).hostname.replace(/^\[|\]$/g, ''), opts.publishPort ?? 0)
    } catch (err) {
      await listener.close()
      throw err
    }
  }
  return {
    listener: status,
    publishUrl: publish?.url ?? null,
    async close() {
      await publish?.app.close()
      await listener.close()
    },
  }
}
