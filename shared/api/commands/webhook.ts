import { z } from 'zod'
import { returns } from '../define'
import { FlowIdSchema } from './flows'

// The Webhook section of the editor: a flow's endpoint, its secret, a ready curl command, and the listener.
// The listener itself is documented in docs/webhook.md.

export interface WebhookListenerStatus {
  state: 'starting' | 'listening' | 'stopped' | 'failed'
  /** The settings in use (saved settings with any process override such as `serve --port` applied). */
  host: string
  port: number
  ratePerSecond: number
  burst: number
  /** Base URL while listening, e.g. http://127.0.0.1:7373. */
  url: string | null
  /** Set when bound beyond loopback: other machines can reach the endpoint. */
  warning: string | null
  error: { code: 'port_in_use' | 'address_unavailable' | 'listen_failed'; message: string } | null
  /** After port_in_use: a port that was free a moment ago on the same address. */
  suggestedPort: number | null
}

export interface WebhookInfo {
  flowId: string
  /** The flow's endpoint; built from the configured address while the listener is not running. */
  url: string
  /** e.g. whsec_••••••••3f9A: the prefix and the secret's last 4 characters. */
  maskedSecret: string
  secretCreatedAt: number
  secretRotatedAt: number | null
  /** A ready curl command with the secret masked. */
  curl: string
  listener: WebhookListenerStatus
  /**
   * The whole secret, only in the answer that made it (the flow's first `webhook.info`, or `webhook.rotate`): the
   * studio keeps only its digest, so it cannot be shown again (as the channel's own apps show a key once).
   */
  secret: string | null
  /** The curl command carrying `secret`, when it is set. */
  curlWithSecret: string | null
}

const flowRef = z.object({ flowId: FlowIdSchema })

export const webhookCommands = {
  /** The flow's endpoint and masked secret; the secret is made the first time a flow is asked about, and only that
   *  answer carries it whole. */
  'webhook.info': { req: flowRef, res: returns<WebhookInfo>() },
  /** A new secret, in this answer only; the old one is refused from the next request on. */
  'webhook.rotate': { req: flowRef, res: returns<WebhookInfo & { secret: string; curlWithSecret: string }>() },
  'webhook.listener.get': { req: z.object({}).default({}), res: returns<WebhookListenerStatus>() },
  /** Saves the listener settings and restarts it; the answer is the status after the restart. */
  'webhook.listener.set': {
    req: z.object({
      host: z.string().trim().min(1).max(255).optional(),
      port: z.number().int().min(0).max(65535).optional(),
      ratePerSecond: z.number().positive().max(1_000_000).optional(),
      burst: z.number().int().min(1).max(1_000_000).optional(),
    }),
    res: returns<WebhookListenerStatus>(),
  },
}
