// /channel/webhook on the runtime's listener: the channel's webhook (docs/runtime.md, The channel). GET answers the
// verification handshake; POST checks X-Hub-Signature-256 (HMAC-SHA256 of the raw body with the app secret, compared
// in constant time) before anything is parsed, then records every message (new ids only) and status in one durable
// transaction and answers 200; the inbox processes the messages afterwards, in order per contact (channel-inbox.ts).
// A missing or bad signature gets 401 and nothing is written. docs/runtime.md, "The channel", documents it.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Logger } from 'pino'
import { WebhookError } from '../studio/webhook/errors'
import type { ChannelStore } from './channel-store'
import { parseWebhook, WebhookShapeError } from './channel-webhook-parse'
import type { RuntimeMetrics } from './metrics'

export const CHANNEL_WEBHOOK_PATH = '/channel/webhook'
/** The channel batches at most a few hundred items per POST; anything far larger is not the channel. */
export const CHANNEL_BODY_LIMIT = 4 * 1024 * 1024

export interface ChannelWebhookDeps {
  store: ChannelStore
  appSecret: string
  verifyToken: string
  phoneNumberId: string
  /** Messages were recorded: the inbox should process them now. */
  recorded(): void
  metrics: RuntimeMetrics
  log: Logger
  now?: () => number
}

const sha256 = (value: string | Buffer) => createHash('sha256').update(value).digest()

/** Compares on digests: equal lengths whatever was sent, so neither length nor a matching prefix leaks. */
const same = (given: string, expected: string) => timingSafeEqual(sha256(given), sha256(expected))

export function signatureOf(raw: Buffer, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`
}

export function channelWebhookRoute(deps: ChannelWebhookDeps): (app: FastifyInstance) => void {
  const now = deps.now ?? Date.now
  return (app) => {
    app.get<{ Querystring: Record<string, string | undefined> }>(CHANNEL_WEBHOOK_PATH, async (req, reply) => {
      const q = req.query
      const token = q['hub.verify_token'] ?? ''
      if (q['hub.mode'] !== 'subscribe' || !same(token, deps.verifyToken)) {
        deps.log.warn('channel webhook verification refused: wrong hub.mode or hub.verify_token')
        throw new WebhookError(
          403,
          'verification_failed',
          'hub.mode must be subscribe and hub.verify_token the token this runtime was given.',
        )
      }
      deps.log.info('channel webhook verified')
      return reply
        .code(200)
        .type('text/plain; charset=utf-8')
        .send(q['hub.challenge'] ?? '')
    })
    // Its own scope: the raw bytes are what is signed, so this route reads its body as a Buffer, whatever its type.
    void app.register(async (scope) => {
      scope.removeAllContentTypeParsers()
      scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
      scope.post(CHANNEL_WEBHOOK_PATH, { bodyLimit: CHANNEL_BODY_LIMIT }, async (req: FastifyRequest, reply) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
        const header = req.headers['x-hub-signature-256']
        if (typeof header !== 'string' || !same(header.trim().toLowerCase(), signatureOf(raw, deps.appSecret))) {
          deps.log.warn(
            { bytes: raw.length, signed: typeof header === 'string' },
            'channel webhook refused: missing or wrong X-Hub-Signature-256',
          )
          throw new WebhookError(
            401,
            'bad_signature',
            'X-Hub-Signature-256 is missing or does not match the body signed with the app secret.',
          )
        }
        let body: unknown
        try {
          body = JSON.parse(raw.toString('utf8'))
        } catch {
          throw new WebhookError(400, 'invalid_json', 'The signed body is not JSON.')
        }
        let parsed
        try {
          parsed = parseWebhook(body, deps.phoneNumberId, now())
        } catch (err) {
          if (err instanceof WebhookShapeError) throw new WebhookError(400, 'not_a_channel_webhook', err.message)
          throw err
        }
        let counts
        try {
          counts = await deps.store.record(parsed.messages, parsed.statuses, now())
        } catch (err) {
          deps.log.error(
            { err: err instanceof Error ? err.message : String(err) },
            'channel webhook not recorded; the channel will deliver it again',
          )
          throw new WebhookError(
            503,
            'retry',
            'The webhook could not be recorded; nothing was kept. Deliver it again.',
            undefined,
            { 'retry-after': '1' },
          )
        }
        for (const reason of parsed.skipped) deps.log.warn({ reason }, 'channel webhook item skipped')
        deps.metrics.webhookItems.inc({ kind: 'message' }, counts.fresh)
        deps.metrics.webhookItems.inc({ kind: 'duplicate' }, counts.duplicates)
        deps.metrics.webhookItems.inc({ kind: 'skipped' }, parsed.skipped.length)
        for (const s of parsed.statuses) deps.metrics.deliveries.inc({ state: s.state })
        deps.log.info(
          {
            messages: parsed.messages.map((m) => m.messageId),
            duplicates: counts.duplicates,
            statuses: parsed.statuses.length,
          },
          'channel webhook recorded',
        )
        if (counts.fresh) deps.recorded()
        return reply.code(200).send({
          status: 'recorded',
          messages: counts.fresh,
          duplicates: counts.duplicates,
          statuses: parsed.statuses.length,
        })
      })
    })
  }
}
