// Test support: a fake of the channel's Cloud API, a real HTTP server on 127.0.0.1 (not a mock object). It records
// every send (path, Authorization header, JSON body) and answers like the Cloud API (docs/runtime.md, The channel): a message
// id on success, or the error answers a test queues (throttling with Retry-After, 131047, 190, 5xx…). It also plays
// the channel's side of the webhook: posting signed payloads built from the reference's shapes
// (channel-payloads.ts) to a runtime's /channel/webhook, with the app secret or a wrong one.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { signatureOf } from '../channel-webhook'

export interface RecordedSend {
  /** e.g. /v25.0/1234567890/messages */
  path: string
  authorization: string | undefined
  body: Record<string, unknown> & { to: string; type: string }
  at: number
  /** The status code the fake answered with. */
  status: number
  /** The message id given on success. */
  channelId: string | null
}

/** One answer to a send: a Cloud API error (`code`, with an HTTP status), or success when nothing else is queued. */
export interface FakeAnswer {
  status: number
  code?: number
  message?: string
  retryAfter?: string
}

export interface FakeCloudApi {
  /** The base URL to give the runtime as CHATFLOW_CLOUD_API_URL. */
  url: string
  sends: RecordedSend[]
  /** Successful sends' bodies to one number (digits, without +), in order. */
  to(waId: string): RecordedSend[]
  /** The next sends get these answers, in order; afterwards sends succeed again. */
  answerNext(...answers: FakeAnswer[]): void
  /** Every send answers this until `answerAlways(null)`. */
  answerAlways(answer: FakeAnswer | null): void
  /** POSTs `payload` to `webhookUrl` signed with `appSecret` (or with the signature given); answers status and JSON. */
  postWebhook(
    webhookUrl: string,
    payload: unknown,
    appSecret: string,
    signature?: string,
  ): Promise<{ status: number; body: unknown }>
  close(): Promise<void>
}

const ERROR_TEXT: Record<number, string> = {
  190: 'Error validating access token: Session has expired.',
  130429: 'Rate limit hit',
  131047: 'Re-engagement message',
  131026: 'Message undeliverable',
  131000: 'Something went wrong',
}

export interface FakeCloudApiOptions {
  /** Default 0: any free port. */
  port?: number
  /** Called after each send is answered (the rehearsal channel prints the bot's messages). */
  onSend?(send: RecordedSend): void
}

export async function startFakeCloudApi(opts: FakeCloudApiOptions = {}): Promise<FakeCloudApi> {
  const sends: RecordedSend[] = []
  const queued: FakeAnswer[] = []
  let always: FakeAnswer | null = null
  let n = 0
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      let body: RecordedSend['body']
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RecordedSend['body']
      } catch {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'bad JSON', type: 'OAuthException', code: 100 } }))
        return
      }
      const answer = queued.shift() ?? always
      const send: RecordedSend = {
        path: req.url ?? '',
        authorization: req.headers.authorization,
        body,
        at: Date.now(),
        status: answer?.status ?? 200,
        channelId: null,
      }
      sends.push(send)
      if (answer) {
        const headers: Record<string, string> = { 'content-type': 'application/json' }
        if (answer.retryAfter) headers['retry-after'] = answer.retryAfter
        const error = {
          message: answer.message ?? ERROR_TEXT[answer.code ?? 0] ?? 'Error',
          type: 'OAuthException',
          code: answer.code,
          fbtrace_id: 'AbCdEf',
        }
        res.writeHead(answer.status, headers).end(JSON.stringify({ error }))
        opts.onSend?.(send)
        return
      }
      send.channelId = `wamid.FAKE${String(++n).padStart(6, '0')}`
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          messaging_product: 'whatsapp',
          contacts: [{ input: body.to, wa_id: body.to }],
          messages: [{ id: send.channelId }],
        }),
      )
      opts.onSend?.(send)
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, '127.0.0.1', resolve)
  })
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sends,
    to: (waId) => sends.filter((s) => s.body.to === waId && s.status === 200),
    answerNext: (...answers) => void queued.push(...answers),
    answerAlways: (answer) => void (always = answer),
    async postWebhook(webhookUrl, payload, appSecret, signature) {
      const raw = Buffer.from(JSON.stringify(payload))
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': signature ?? signatureOf(raw, appSecret),
        },
        body: raw,
      })
      const text = await res.text()
      let body: unknown = text
      try {
        body = JSON.parse(text)
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, body }
    },
    close: () => (server.closeAllConnections(), new Promise<void>((r) => server.close(() => r()))),
  }
}
