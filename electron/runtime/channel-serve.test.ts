// From export to a live number, on each store, with `chatflow serve --channel cloud-api` started from the build and
// the fake Cloud API as the channel: every case the issue names, through HTTP only (publish API, signed webhooks,
// the fake's record of sends, /readyz, /metrics, and the logs API the studio's Flow Logs read).
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { LogTrace } from '../../shared/api/commands/logs'
import { customerMessage, messageId, statuses, TEST_PHONE_NUMBER_ID } from './testing/channel-payloads'
import { APP_SECRET, CLOUD_TOKEN, VERIFY_TOKEN } from './testing/channel-runtime'
import { startFakeCloudApi, type FakeCloudApi } from './testing/fake-cloud-api'
import { exampleFlow } from './testing/runtime-fixtures'
import { startServe, type ServeChild } from './testing/serve-child'
import { describeEachStore } from './testing/stores'

const KEY = 'k_channel_0123456789abcdef'
const WELCOME = 'Welcome to the cellar! How old are you?'
const auth = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }

describeEachStore('chatflow serve --channel cloud-api (the build)', (c) => {
  let fake: FakeCloudApi
  let serve: ServeChild
  beforeAll(async () => {
    fake = await startFakeCloudApi()
    serve = await startServe(
      [
        ...(await c.serveArgs()),
        '--port',
        '0',
        '--publish-port',
        '0',
        '--channel',
        'cloud-api',
        '--cloud-phone-number-id',
        TEST_PHONE_NUMBER_ID,
      ],
      {
        CHATFLOW_PUBLISH_KEY: KEY,
        CHATFLOW_CLOUD_API_URL: fake.url,
        CHATFLOW_CLOUD_API_TOKEN: CLOUD_TOKEN,
        CHATFLOW_CLOUD_APP_SECRET: APP_SECRET,
        CHATFLOW_CLOUD_VERIFY_TOKEN: VERIFY_TOKEN,
        CHATFLOW_OUTBOUND_BACKOFF_MS: '100',
        CHATFLOW_OUTBOUND_PAUSE_MS: '500',
        CHATFLOW_LOG_LEVEL: 'debug',
      },
    )
    const res = await fetch(`${serve.api}/flows/flw_age_gate/versions`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ document: exampleFlow('age-gate') }),
    })
    expect(res.status).toBe(201)
  }, 60_000)
  afterAll(async () => {
    await serve?.stop('SIGKILL')
    await fake?.close()
  })

  const webhook = () => `${serve.hook}/channel/webhook`
  /** A signed webhook, which the runtime must record (200): a refusal here would only show later as a missing send. */
  const post = async (payload: unknown) => {
    const answer = await fake.postWebhook(webhook(), payload, APP_SECRET)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer
  }
  const say = (phone: string, text: string, id = messageId()) =>
    post(customerMessage(phone, 'Asha', { type: 'text', text }, id))
  const runsOf = async (filter = '') =>
    (
      (await (await fetch(`${serve.api}/flows/flw_age_gate/runs?limit=50${filter}`, { headers: auth })).json()) as {
        runs: Array<{ id: string; contact: { phone: string }; failedDeliveries: number }>
      }
    ).runs
  const trace = async (runId: string) =>
    (await (await fetch(`${serve.api}/runs/${runId}`, { headers: auth })).json()) as LogTrace
  const runOf = async (phone: string) => (await runsOf()).find((r) => r.contact.phone === phone)
  const outState = async (phone: string) => {
    const run = await runOf(phone)
    return run ? (await trace(run.id)).messages.filter((m) => m.direction === 'out').map((m) => m.delivery) : []
  }

  it('runs a conversation through signed webhooks and the Cloud API, with delivery states, retries, refusals and the token kept secret', async () => {
    // The verification handshake the channel makes when the webhook URL is saved in the app settings.
    const verify = await fetch(`${webhook()}?hub.mode=subscribe&hub.challenge=42&hub.verify_token=${VERIFY_TOKEN}`)
    expect(await verify.text()).toBe('42')

    // A bad signature writes nothing.
    expect(
      (
        await fake.postWebhook(
          webhook(),
          customerMessage('+919800000300', 'Eve', { type: 'text', text: 'wine' }),
          'not-the-secret',
        )
      ).status,
    ).toBe(401)

    // A signed text starts the age gate; the question reaches the channel with the envelope and the token.
    const id = messageId()
    await say('+919800000301', 'wine', id)
    await expect.poll(() => fake.to('919800000301').length, { timeout: 15_000 }).toBe(1)
    expect(fake.to('919800000301')[0]).toMatchObject({
      path: `/v25.0/${TEST_PHONE_NUMBER_ID}/messages`,
      authorization: `Bearer ${CLOUD_TOKEN}`,
      body: {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '919800000301',
        type: 'text',
        text: { body: WELCOME },
      },
    })
    // The same webhook delivered again is processed once.
    expect((await say('+919800000301', 'wine', id)).body).toMatchObject({ messages: 0, duplicates: 1 })

    // A read status marks it read in the run's log (what the studio's Flow Logs show).
    await expect
      .poll(() => outState('+919800000301'), { timeout: 10_000 })
      .toEqual([expect.objectContaining({ state: 'sent' })])
    const wamid = fake.to('919800000301')[0]!.channelId!
    await post(statuses({ id: wamid, status: 'read', recipient: '+919800000301' }))
    expect(await outState('+919800000301')).toEqual([expect.objectContaining({ state: 'read' })])
    // The customer answers; the run ends.
    await say('+919800000301', '30')
    await expect.poll(() => fake.to('919800000301').length, { timeout: 15_000 }).toBe(2)
    expect(fake.sends.filter((s) => s.body.to === '919800000300')).toEqual([])

    // 131047: the message fails, and the run shows why; the failed-deliveries filter finds it.
    fake.answerNext({ status: 400, code: 131047 })
    await say('+919800000302', 'wine')
    await expect
      .poll(() => outState('+919800000302'), { timeout: 15_000 })
      .toEqual([
        expect.objectContaining({
          state: 'failed',
          error: expect.stringContaining('channel error 131047: more than 24 hours since the customer last wrote'),
        }),
      ])
    const failed = await runsOf('&delivery=failed')
    expect(failed.map((r) => r.contact.phone)).toEqual(['+919800000302'])
    expect(failed[0]!.failedDeliveries).toBe(1)

    // 130429 with Retry-After: 1 s is retried no sooner (the backoff alone would be 100 ms).
    fake.answerNext({ status: 429, code: 130429, retryAfter: '1' })
    await say('+919800000303', 'wine')
    await expect.poll(() => fake.to('919800000303').length, { timeout: 15_000 }).toBe(1)
    const tries = fake.sends.filter((s) => s.body.to === '919800000303')
    expect(tries.map((s) => s.status)).toEqual([429, 200])
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(1000)

    // 190: sending stops, the message is kept, /readyz says why; once the channel accepts the token again it goes.
    fake.answerAlways({ status: 401, code: 190 })
    await say('+919800000304', 'wine')
    await expect.poll(async () => (await fetch(`${serve.hook}/readyz`)).status, { timeout: 15_000 }).toBe(503)
    const ready = (await (await fetch(`${serve.hook}/readyz`)).json()) as {
      checks: { channel: { ok: boolean; detail: string } }
    }
    expect(ready.checks.channel).toMatchObject({
      ok: false,
      detail: expect.stringContaining('channel error 190: the access token has expired or was revoked'),
    })
    expect(await outState('+919800000304')).toEqual([expect.objectContaining({ state: 'pending' })])
    expect(serve.output()).toContain('SENDING STOPPED')
    fake.answerAlways(null)
    await expect.poll(() => fake.to('919800000304').length, { timeout: 15_000 }).toBe(1)
    await expect.poll(async () => (await fetch(`${serve.hook}/readyz`)).status, { timeout: 10_000 }).toBe(200)
    expect((await fetch(`${serve.hook}/healthz`)).status).toBe(200)

    // The metrics count what happened; the logs are JSON with run and contact ids, and never hold the token.
    // The send's mark is written a moment after the channel answered it: the depth reaches 0 then.
    const scrape = async () => (await fetch(`${serve.hook}/metrics`)).text()
    await expect.poll(scrape, { timeout: 10_000 }).toContain('chatflow_outbox_depth 0')
    const metrics = await scrape()
    expect(metrics).toMatch(/chatflow_runs_started_total\{flow_id="flw_age_gate"\} [4-9]/)
    expect(metrics).toMatch(/chatflow_deliveries_total\{state="read"\} 1/)
    expect(metrics).toMatch(/chatflow_http_responses_total\{route="channel_webhook",code="401"\} 1/)
    const lines = serve
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(
      lines.some((l) => l.msg === 'run step' && typeof l.runId === 'string' && typeof l.contactId === 'string'),
    ).toBe(true)
    expect(serve.output()).not.toContain(CLOUD_TOKEN)
    expect(serve.output()).not.toContain(APP_SECRET)
    expect(await serve.stop()).toBe(0)
    expect(serve.output()).not.toContain(CLOUD_TOKEN)
  }, 120_000)
})
