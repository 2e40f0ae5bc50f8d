// Issue 39 on /channel/webhook, each store, in this process: a repeated or oversize query parameter or header is a
// 4xx, never a 500 (item 1); a POST with unreadable items records the rest and reports them (item 7), its 413 names
// the route's limit and its Content-Type does not decide whether the signed bytes are read (item 7); and however many
// items a POST leaves out, the log holds one bounded warning line for it (item 5).
import http from 'node:http'
import { Writable } from 'node:stream'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { signatureOf } from './channel-webhook'
import { LOG_LINE_BUDGET } from './log-bounds'
import { createLogger } from './logging'
import { customerMessage, messageId } from './testing/channel-payloads'
import { APP_SECRET, startChannelRuntime, VERIFY_TOKEN, type ChannelRuntime } from './testing/channel-runtime'
import { startFakeCloudApi, type FakeCloudApi } from './testing/fake-cloud-api'
import { exampleFlow } from './testing/runtime-fixtures'
import { describeEachStore, describePostgresStore } from './testing/stores'
import type { RuntimeStore } from './store'

let fake: FakeCloudApi
beforeEach(async () => (fake = await startFakeCloudApi()))
afterEach(() => fake.close())

/** A pino destination that keeps every line written, as the runtime's stderr would receive it. */
function captureLog() {
  const lines: string[] = []
  let bytes = 0
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
      done()
    },
  })
  return { logger: createLogger({ destination: stream }), lines, bytes: () => bytes }
}

const signedPost = (
  url: string,
  raw: Buffer,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) =>
  fetch(url, {
    method: 'POST',
    headers: { ...headers, 'x-hub-signature-256': signatureOf(raw, APP_SECRET) },
    body: new Uint8Array(raw),
  })

describeEachStore('the channel webhook under hostile input (issue 39)', (c) => {
  let store: RuntimeStore
  let rt: ChannelRuntime
  let log: ReturnType<typeof captureLog>
  const open = async () => {
    store = (await c.open()).store
    await store.publish(exampleFlow('age-gate'))
    log = captureLog()
    rt = await startChannelRuntime(store, fake, {}, log.logger)
  }
  afterEach(async () => rt?.close())

  it('answers a repeated or oversize query parameter with 400 or 414 naming it, never 500', async () => {
    await open()
    const get = async (query: string) => {
      const res = await fetch(`${rt.webhook}?${query}`)
      return { status: res.status, body: (await res.json().catch(() => null)) as { error?: { code: string } } | null }
    }
    const right = `hub.verify_token=${VERIFY_TOKEN}`
    for (const query of [
      'hub.mode=subscribe&hub.verify_token=a&hub.verify_token=b&hub.challenge=1',
      `hub.mode=subscribe&${right}&hub.challenge=1&hub.challenge=2`,
      `hub.mode=subscribe&hub.mode=subscribe&${right}&hub.challenge=1`,
      `hub.mode=subscribe&${right}&${right}&hub.challenge=1`,
    ])
      expect(await get(query), query).toMatchObject({ status: 400, body: { error: { code: 'repeated_parameter' } } })
    expect(await get(`hub.mode=subscribe&${right}&hub.challenge=${'9'.repeat(5000)}`)).toMatchObject({
      status: 414,
      body: { error: { code: 'parameter_too_long' } },
    })
    const ok = await fetch(`${rt.webhook}?hub.mode=subscribe&${right}&hub.challenge=42`)
    expect([ok.status, await ok.text()]).toEqual([200, '42'])
    expect(await rt.metrics.registry.metrics()).not.toMatch(/route="channel_webhook",code="5\d\d"/)
  })

  it('answers a repeated signature header with 400 and writes nothing', async () => {
    await open()
    const raw = Buffer.from(JSON.stringify(customerMessage('+919800000401', 'Asha', { type: 'text', text: 'wine' })))
    const signature = signatureOf(raw, APP_SECRET)
    // Two header lines (fetch would join them into one): node:http sends an array as repeated lines.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(rt.webhook, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': [signature, signature] },
      })
      req.on('response', (res) => {
        let body = ''
        res.on('data', (d: Buffer) => (body += d.toString()))
        res.on('end', () => resolve({ status: res.statusCode!, body }))
      })
      req.on('error', reject)
      req.end(raw)
    })
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'repeated_header' } })
    await rt.settle()
    expect(await store.contactByPhone('+919800000401')).toBeNull()
  })

  it('records the valid messages of a POST with a null change and reports the bad one', async () => {
    await open()
    const body = customerMessage('+919800000402', 'Asha', { type: 'text', text: 'wine' })
    ;(body.entry[0]!.changes as unknown[]).push(null)
    const res = await signedPost(rt.webhook, Buffer.from(JSON.stringify(body)))
    expect([res.status, await res.json()]).toEqual([
      200,
      {
        status: 'recorded',
        messages: 1,
        duplicates: 0,
        statuses: 0,
        skipped: 1,
        skipped_items: [{ at: 'entry[0].changes[1]', reason: 'a change that is not an object' }],
      },
    ])
    await rt.settle()
    expect(fake.to('919800000402')).toHaveLength(1)
    const warning = log.lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.level === 'warn')
    expect(warning).toMatchObject({
      msg: 'channel webhook items skipped or not understood',
      skipped: {
        count: 1,
        reasons: [{ reason: 'a change that is not an object', count: 1, first: { at: 'entry[0].changes[1]' } }],
      },
    })
  })

  it('names the 4 MiB limit of this route in its 413', async () => {
    await open()
    const res = await signedPost(rt.webhook, Buffer.alloc(4 * 1024 * 1024 + 1, 0x20))
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({
      error: { code: 'body_too_large', message: 'The request body is larger than 4 MiB (4,194,304 bytes).' },
    })
  })

  it('reads a signed body whatever its Content-Type says (missing, empty, malformed, another type); unsigned is 401', async () => {
    await open()
    const variants: Array<[string, Record<string, string>]> = [
      ['missing', {}],
      ['empty', { 'content-type': '' }],
      ['malformed', { 'content-type': 'json' }],
      ['text/plain', { 'content-type': 'text/plain' }],
    ]
    let phone = 919800000410
    for (const [name, headers] of variants) {
      const raw = Buffer.from(JSON.stringify(customerMessage(`+${++phone}`, 'Asha', { type: 'text', text: 'wine' })))
      const res = await signedPost(rt.webhook, raw, headers)
      expect([name, res.status, await res.json()]).toEqual([name, 200, expect.objectContaining({ messages: 1 })])
    }
    const empty = await fetch(rt.webhook, { method: 'POST', headers: { 'x-hub-signature-256': 'sha256=00' } })
    expect([empty.status, ((await empty.json()) as { error: { code: string } }).error.code]).toEqual([
      400,
      'missing_body',
    ])
    const raw = Buffer.from(JSON.stringify(customerMessage('+919800000499', 'Eve', { type: 'text', text: 'wine' })))
    const unsigned = await fetch(rt.webhook, { method: 'POST', body: new Uint8Array(raw) })
    expect([unsigned.status, ((await unsigned.json()) as { error: { code: string } }).error.code]).toEqual([
      401,
      'bad_signature',
    ])
  })

  it('logs one bounded warning line for a POST of 60,000 skipped changes, and cuts a 1 MB message id', async () => {
    await open()
    const changes = Array.from({ length: 60_000 }, (_, i) => ({ field: `statuses_${i % 3}`, value: {} }))
    const raw = Buffer.from(JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: '1', changes }] }))
    const res = await signedPost(rt.webhook, raw)
    expect(((await res.json()) as { skipped: number }).skipped).toBe(60_000)
    // Before: one warning per change, 60,000 lines (about 8 bytes of log per byte received).
    const warnings = log.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.level === 'warn')
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatchObject({
      skipped: {
        count: 60_000,
        reasons: [
          {
            reason: "a change of another field (only 'messages' is read)",
            count: 60_000,
            first: { at: 'entry[0].changes[0]', detail: 'statuses_0' },
          },
        ],
      },
    })
    expect(log.bytes()).toBeLessThan(4096)

    const before = log.lines.length
    const id = `wamid.${'x'.repeat(1_000_000)}`
    const big = customerMessage('+919800000403', 'Asha', { type: 'text', text: 'wine' }, id)
    big.entry[0]!.changes[0]!.value.messages!.push(
      ...customerMessage('+919800000403', 'Asha', { type: 'text', text: 'wine' }, messageId()).entry[0]!.changes[0]!
        .value.messages!,
    )
    const answer = await signedPost(rt.webhook, Buffer.from(JSON.stringify(big)))
    expect(await answer.json()).toMatchObject({ messages: 1, skipped: 1 })
    await rt.settle()
    const lines = log.lines.slice(before)
    expect(lines.join('\n')).toContain('a message id longer than 256 characters')
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(LOG_LINE_BUDGET + 1024)
  })
})

describePostgresStore('recording one large POST (issue 39)', (c) => {
  it('records 20,000 messages and 12,000 statuses of one POST in one transaction (past 65,535 parameters)', async () => {
    const { store } = await c.open()
    try {
      const at = Date.now()
      const messages = Array.from({ length: 20_000 }, (_, i) => ({
        messageId: `wamid.L${i}`,
        phone: `+9198${String(i).padStart(8, '0')}`,
        kind: 'image',
        event: null,
        sentAt: at,
      }))
      const statuses = Array.from({ length: 12_000 }, (_, i) => ({
        channelId: `wamid.S${i}`,
        state: 'read' as const,
        at,
        error: null,
      }))
      // Before: one INSERT of 80,000 parameters, refused by PostgreSQL, so the POST was answered 503 on every delivery.
      expect(await store.channel.record(messages, statuses, at)).toEqual({ fresh: 20_000, duplicates: 0 })
      expect(await store.channel.record(messages.slice(0, 10), [], at)).toEqual({ fresh: 0, duplicates: 10 })
    } finally {
      await store.close()
    }
  })
})
