// Issue 39's probes of the channel webhook against `chatflow serve --channel cloud-api` started from the build, on
// each store: a repeated parameter is a 400, not a 500 (item 1); a POST with a null change records the rest and
// reports it, its 413 names 4 MiB and a signed body without a Content-Type is read (item 7); a POST of 60,000
// skipped changes writes one warning line, not 60,000 (item 5).
import { afterAll, beforeAll, expect, it } from 'vitest'
import { signatureOf } from './channel-webhook'
import { customerMessage, TEST_PHONE_NUMBER_ID } from './testing/channel-payloads'
import { APP_SECRET, CLOUD_TOKEN, VERIFY_TOKEN } from './testing/channel-runtime'
import { startFakeCloudApi, type FakeCloudApi } from './testing/fake-cloud-api'
import { exampleFlow } from './testing/runtime-fixtures'
import { startServe, type ServeChild } from './testing/serve-child'
import { describeEachStore } from './testing/stores'

const KEY = 'k_channel_hostile_0123456789'

describeEachStore('chatflow serve --channel cloud-api under the issue 39 probes (the build)', (c) => {
  let fake: FakeCloudApi
  let serve: ServeChild
  beforeAll(async () => {
    fake = await startFakeCloudApi()
    serve = await startServe(
      [
        ...(await c.serveArgs()),
        ...['--port', '0', '--publish-port', '0', '--channel', 'cloud-api'],
        ...['--cloud-phone-number-id', TEST_PHONE_NUMBER_ID],
      ],
      {
        CHATFLOW_PUBLISH_KEY: KEY,
        CHATFLOW_CLOUD_API_URL: fake.url,
        CHATFLOW_CLOUD_API_TOKEN: CLOUD_TOKEN,
        CHATFLOW_CLOUD_APP_SECRET: APP_SECRET,
        CHATFLOW_CLOUD_VERIFY_TOKEN: VERIFY_TOKEN,
      },
    )
    const res = await fetch(`${serve.api}/flows/flw_age_gate/versions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ document: exampleFlow('age-gate') }),
    })
    expect(res.status).toBe(201)
  }, 60_000)
  afterAll(async () => {
    await serve?.stop('SIGKILL')
    await fake?.close()
  })

  const webhook = () => `${serve.hook}/channel/webhook`
  const post = async (payload: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) => {
    const raw = Buffer.isBuffer(payload) ? payload : Buffer.from(JSON.stringify(payload))
    const res = await fetch(webhook(), {
      method: 'POST',
      headers: { ...headers, 'x-hub-signature-256': signatureOf(raw, APP_SECRET) },
      body: new Uint8Array(raw),
    })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }

  it('answers each probe as documented, and keeps its log bounded', async () => {
    const get = async (query: string) => (await fetch(`${webhook()}?${query}`)).status
    expect(await get('hub.mode=subscribe&hub.verify_token=a&hub.verify_token=b')).toBe(400)
    expect(await get(`hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1&hub.challenge=2`)).toBe(400)
    expect(await get(`hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=7`)).toBe(200)

    const withNull = customerMessage('+919800000501', 'Asha', { type: 'text', text: 'wine' })
    ;(withNull.entry[0]!.changes as unknown[]).push(null)
    expect(await post(withNull)).toMatchObject({ status: 200, body: { messages: 1, skipped: 1 } })
    await expect.poll(() => fake.to('919800000501').length, { timeout: 15_000 }).toBe(1)

    expect(await post(Buffer.alloc(4 * 1024 * 1024 + 1, 0x20))).toEqual({
      status: 413,
      body: { error: { code: 'body_too_large', message: 'The request body is larger than 4 MiB (4,194,304 bytes).' } },
    })
    const bare = customerMessage('+919800000502', 'Asha', { type: 'text', text: 'wine' })
    expect(await post(bare, {})).toMatchObject({ status: 200, body: { messages: 1 } })

    const before = serve.output().length
    const changes = Array.from({ length: 60_000 }, () => ({ field: 'statuses', value: {} }))
    const skipped = await post({ object: 'whatsapp_business_account', entry: [{ id: '1', changes }] })
    expect(skipped).toMatchObject({ status: 200, body: { skipped: 60_000 } })
    await expect.poll(() => serve.output().slice(before), { timeout: 5000 }).toContain('channel webhook items skipped')
    // Before: one warning line per change, about 700 KB for this 1.9 MB POST.
    const written = serve.output().slice(before)
    expect(written.split('\n').filter((l) => l.includes('"level":"warn"'))).toHaveLength(1)
    expect(written.length).toBeLessThan(8192)
    expect(serve.output()).not.toMatch(/"code":"5\d\d"|Internal Server Error/)
  }, 90_000)
})
