// /channel/webhook on the runtime's listener: the channel's webhook (docs/runtime.md, The channel). GET answers the
// verification handshake; POST checks X-Hub-Signature-256 (HMAC-SHA256 of the raw body with the app secret, compared
// in constant time) before anything is parsed, then records every message (new ids only) and status in one durable
// transaction and answers 200; the inbox processes the messages afterwards, in order per contact (channel-inbox.ts).
// A missing or bad signature gets 401 and nothing is written. docs/runtime.md, "The channel", documents it.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Logger } from 'pino'
import { WebhookError } from '../services/webhook/errors'
import { readHeader, readQuery } from '../services/webhook/request-input'
import type { ChannelStore } from './channel-store'
import { parseWebhook, WebhookShapeError } from './channel-webhook-parse'
import { foldReasons } from './log-bounds'
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
    app.get(CHANNEL_WEBHOOK_PATH, async (req, reply) => {
      // A parameter given twice is refused here (400 repeated_parameter), before any comparison.
      const q = readQuery(req.url)
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
    // Its own scope: the raw bytes are what is signed, so this route reads its body as a Buffer whatever its
    // Content-Type says: missing, empty, malformed or any type. The signature proves the channel sent those bytes,
    // and the channel sends JSON (docs/runtime.md, The channel); before, an empty or malformed type got 415 unsigned.
    void app.register(async (scope) => {
      scope.removeAllContentTypeParsers()
      scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
      scope.addHook('onRequest', async (req) => {
        // eslint-disable-next-line no-restricted-syntax -- sets the type Fastify's parser sees; nothing reads it
        req.headers = { 'content-type': 'application/octet-stream' }
      })
      scope.post(CHANNEL_WEBHOOK_PATH, { bodyLimit: CHANNEL_BODY_LIMIT }, async (req: FastifyRequest, reply) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
        // No body at all (none sent, or no Content-Length nor chunked framing): said as such, not as a bad signature.
        if (raw.length === 0)
          throw new WebhookError(400, 'missing_body', 'The request has no body; the channel posts its webhook as JSON.')
        const header = readHeader(req.raw, 'x-hub-signature-256', 256)
        if (header === undefined || !same(header.trim().toLowerCase(), signatureOf(raw, deps.appSecret))) {
          deps.log.warn(
            { bytes: raw.length, signed: header !== undefined },
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
        // One line per POST, however many items were left out: each kind once, with its count and first place.
        if (parsed.skipped.length || parsed.notUnderstood.length)
          deps.log.warn(
            {
              ...(parsed.skipped.length ? { skipped: foldReasons(parsed.skipped) } : {}),
              ...(parsed.notUnderstood.length ? { notUnderstood: foldReasons(parsed.notUnderstood) } : {}),
            },
            'channel webhook items skipped or not understood',
          )
        deps.metrics.webhookItems.inc({ kind: 'message' }, counts.fresh)
        deps.metrics.webhookItems.inc({ kind: 'duplicate' }, counts.duplicates)
        deps.metrics.webhookItems.inc({ kind: 'skipped' }, parsed.skipped.length)
        for (const s of parsed.statuses) deps.metrics.deliveries.inc({ state: s.state })
        deps.log.info(
          {
            messages: parsed.messages.length,
            // The first ids (the log's bounds cut the list); each message is logged with its id when processed.
            messageIds: parsed.messages.slice(0, 20).map((m) => m.messageId),
            duplicates: counts.duplicates,
            statuses: parsed.statuses.length,
            skipped: parsed.skipped.length,
          },
          'channel webhook recorded',
        )
        if (counts.fresh) deps.recorded()
        return reply.code(200).send({
          status: 'recorded',
          messages: counts.fresh,
          duplicates: counts.duplicates,
          statuses: parsed.statuses.length,
          // What was left out, so a caller can see the POST was not taken whole; the log says which and why.
          skipped: parsed.skipped.length,
          ...(parsed.skipped.length
            ? { skipped_items: parsed.skipped.slice(0, 10).map(({ at, reason }) => ({ at, reason })) }
            : {}),
        })
      })
    })
  }
}
