// The runtime's HTTP side: one listener for the webhook trigger, the inbound-message endpoint, the channel's webhook
// (/channel/webhook, with the inbox that processes what it records) and /healthz, /readyz, /metrics (the same
// WebhookListener the studio uses, so port errors, rate limits and error codes are the studio's), and the publish
// API on its own port when a publish key is given.
import type { FastifyInstance } from 'fastify'
import { startPublishApi } from '../services/publish/start'
import { WebhookListener, type ListenerStatus } from '../services/webhook/listener'
import type { ListenerSettings } from '../services/webhook/settings'
import type { ChannelAdapter } from './adapters/adapter'
import { ChannelInbox, inboxHandler, type ChannelInboxOptions } from './channel-inbox'
import { channelWebhookRoute } from './channel-webhook'
import { healthRoutes } from './health'
import { inboundRoute } from './inbound-route'
import { silentLogger, type Logger } from './logging'
import { RuntimeMetrics } from './metrics'
import { storePublishTarget } from './publish-target'
import { runControlRoutes } from './run-control'
import { splitRoutes } from './split-routes'
import { handoverRoutes } from './handover-routes'
import { runtimeBroadcastRoutes } from './broadcast-routes'
import type { Runtime } from './runtime'

export interface ChannelWebhookSettings {
  appSecret: string
  verifyToken: string
  /** Changes for other business numbers are left out. */
  phoneNumberId: string
  inbox?: ChannelInboxOptions
}

export interface RuntimeServerOptions {
  settings: ListenerSettings
  /** Turns on POST /api/v1/inbound (at least 16 characters). */
  inboundKey?: string
  /** Turns on the publish API (at least 16 characters). */
  publishKey?: string
  publishPort?: number
  /** Turns on /channel/webhook and the inbox behind it. */
  channel?: ChannelWebhookSettings
  /** The adapter the runtime sends through: /readyz reports whether the channel accepts it. */
  adapter?: ChannelAdapter
  metrics?: RuntimeMetrics
  logger?: Logger
  log: (message: string) => void
  /** The clock of records (default Date.now). */
  now?: () => number
}

export interface RuntimeServer {
  listener: ListenerStatus
  /** The publish API's base URL, when it runs. */
  publishUrl: string | null
  /** The channel's inbox processor, when the channel's webhook is on. */
  inbox: ChannelInbox | null
  close(): Promise<void>
}

/** Starts the listener (and the publish API). A listener that cannot start is reported in `listener`, not thrown. */
export async function startRuntimeServer(runtime: Runtime, opts: RuntimeServerOptions): Promise<RuntimeServer> {
  if (opts.inboundKey !== undefined && opts.inboundKey.length < 16)
    throw new Error('the inbound key must be at least 16 characters')
  const store = runtime.store
  const logger = opts.logger ?? silentLogger()
  const metrics = opts.metrics ?? new RuntimeMetrics({ defaults: false })
  const now = opts.now ?? Date.now
  const adapter: ChannelAdapter = opts.adapter ?? { name: 'unknown', send: async () => undefined }
  const channel = opts.channel
  const inbox = channel
    ? new ChannelInbox(store.channel, inboxHandler(runtime, logger, now), logger, channel.inbox)
    : null
  const extensions: Array<(app: FastifyInstance) => void> = [
    healthRoutes({ stats: (at) => store.channel.stats(at), adapter, metrics, now }),
  ]
  if (opts.inboundKey) extensions.push(inboundRoute(runtime, opts.inboundKey, opts.log))
  if (channel && inbox)
    extensions.push(
      channelWebhookRoute({
        store: store.channel,
        ...channel,
        recorded: () => inbox.poke(),
        metrics,
        log: logger,
        now,
      }),
    )
  const listener = new WebhookListener(
    {
      secrets: { verify: (flowId, key) => store.verifySecret(flowId, key) },
      findFlow: (flowId) => store.runningFlow(flowId),
      startRun: (flow, req) => runtime.webhook(flow, req),
      log: opts.log,
      extend: (app) => extensions.forEach((extend) => extend(app)),
    },
    opts.settings,
  )
  const status = await listener.start()
  let publish: { url: string; app: FastifyInstance } | null = null
  if (status.state === 'listening' && opts.publishKey) {
    try {
      publish = await startPublishApi(
        storePublishTarget(store, (app) => {
          runControlRoutes(runtime)(app)
          handoverRoutes(runtime)(app)
          runtimeBroadcastRoutes(runtime, now)(app)
          splitRoutes(store, now)(app)
        }),
        opts.publishKey,
        new URL(status.url!).hostname.replace(/^\[|\]$/g, ''),
        opts.publishPort ?? 0,
      )
    } catch (err) {
      await listener.close()
      throw err
    }
  }
  // Takeover notifications link to the takeover on this API.
  if (publish) runtime.takeovers.apiBase = publish.url
  // Messages recorded before a stop or crash are processed from the start.
  if (status.state === 'listening') inbox?.start()
  return {
    listener: status,
    publishUrl: publish?.url ?? null,
    inbox,
    async close() {
      await publish?.app.close()
      await listener.close()
      await inbox?.close()
    },
  }
}
