// /channel/webhook on each store, in this process, with the Cloud API adapter sending to the fake Cloud API:
// verification, signatures (nothing written without a good one), messages into runs exactly once and in order,
// statuses into delivery states, kinds flows do not take, and the inbox surviving a stop.
import { afterEach, beforeEach, expect, it } from 'vitest'
import { customerImage, customerMessage, messageId, statuses } from './testing/channel-payloads'
import {
  APP_SECRET,
  CLOUD_TOKEN,
  startChannelRuntime,
  VERIFY_TOKEN,
  type ChannelRuntime,
} from './testing/channel-runtime'
import { startFakeCloudApi, type FakeCloudApi } from './testing/fake-cloud-api'
import { exampleFlow } from './testing/runtime-fixtures'
import { describeEachStore } from './testing/stores'
import type { RuntimeStore } from './store'

const WELCOME = 'Welcome to the cellar! How old are you?'
const text = (phone: string, body: string, id = messageId()) =>
  customerMessage(phone, 'Asha', { type: 'text', text: body }, id)

let fake: FakeCloudApi
beforeEach(async () => (fake = await startFakeCloudApi()))
afterEach(() => fake.close())

describeEachStore('the channel webhook', (c) => {
  let store: RuntimeStore
  let rt: ChannelRuntime
  const open = async () => {
    store = (await c.open()).store
    await store.publish(exampleFlow('age-gate'))
    rt = await startChannelRuntime(store, fake)
  }
  afterEach(async () => rt?.close())

  it('answers the verification handshake with the challenge, and 403 to a wrong token', async () => {
    await open()
    const ok = await fetch(`${rt.webhook}?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=${VERIFY_TOKEN}`)
    expect([ok.status, await ok.text()]).toEqual([200, '1158201444'])
    const wrong = await fetch(`${rt.webhook}?hub.mode=subscribe&hub.challenge=1&hub.verify_token=guess`)
    expect(wrong.status).toBe(403)
    expect(
      (await fetch(`${rt.webhook}?hub.mode=unsubscribe&hub.challenge=1&hub.verify_token=${VERIFY_TOKEN}`)).status,
    ).toBe(403)
  })

  it('a missing or wrong signature gets 401 and writes nothing', async () => {
    await open()
    const body = text('+919800000201', 'wine')
    expect((await fake.postWebhook(rt.webhook, body, 'another-secret')).status).toBe(401)
    expect((await fake.postWebhook(rt.webhook, body, APP_SECRET, '')).status).toBe(401)
    expect((await fake.postWebhook(rt.webhook, body, APP_SECRET, 'sha256=00')).status).toBe(401)
    await rt.settle()
    expect(await store.contactByPhone('+919800000201')).toBeNull()
    expect(await store.channel.stats(Date.now())).toMatchObject({ inboxDepth: 0, outboxDepth: 0 })
    expect(fake.sends).toEqual([])
  })

  it('a signed message nested deeper than the JSON guard allows is recorded as not understood, the rest of the POST as usual', async () => {
    await open()
    // The channel redelivers anything but a 200 for days: the deep message is kept as the customer writing (its
    // content is not) and the message beside it in the same POST starts its flow.
    const body = text('+919800000208', 'wine')
    let referral: unknown = 'end'
    for (let i = 0; i < 1000; i++) referral = { r: referral }
    Object.assign(body.entry[0]!.changes[0]!.value.messages![0]!, { referral })
    body.entry[0]!.changes[0]!.value.messages!.push(
      ...text('+919800000209', 'wine').entry[0]!.changes[0]!.value.messages!,
    )
    body.entry[0]!.changes[0]!.value.contacts!.push(
      ...text('+919800000209', 'wine').entry[0]!.changes[0]!.value.contacts!,
    )
    const answer = await fake.postWebhook(rt.webhook, body, APP_SECRET)
    expect(answer).toEqual({
      status: 200,
      body: { status: 'recorded', messages: 2, duplicates: 0, statuses: 0, skipped: 0 },
    })
    await rt.settle()
    const deep = (await store.contactByPhone('+919800000208'))!
    expect(deep.lastInboundAt).toEqual(expect.any(Number))
    expect(await store.runsOfContact(deep.id)).toEqual([])
    expect(fake.to('919800000208')).toEqual([])
    expect(fake.to('919800000209')).toHaveLength(1)
  })

  it('a signed text starts the flow: the question goes to the Cloud API with the envelope and token; a redelivery is processed once', async () => {
    await open()
    const id = messageId()
    const first = await fake.postWebhook(rt.webhook, text('+919800000202', 'wine', id), APP_SECRET)
    expect(first).toEqual({
      status: 200,
      body: { status: 'recorded', messages: 1, duplicates: 0, statuses: 0, skipped: 0 },
    })
    await rt.settle()
    const again = await fake.postWebhook(rt.webhook, text('+919800000202', 'wine', id), APP_SECRET)
    expect(again.body).toMatchObject({ messages: 0, duplicates: 1 })
    await rt.settle()
    expect(fake.sends).toHaveLength(1)
    expect(fake.sends[0]).toMatchObject({
      authorization: `Bearer ${CLOUD_TOKEN}`,
      body: {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '919800000202',
        type: 'text',
        text: { body: WELCOME },
      },
    })
    const contact = (await store.contactByPhone('+919800000202'))!
    expect(contact.name).toBe('Asha')
    expect((await store.runsOfContact(contact.id)).map((r) => r.status)).toEqual(['paused'])
  })

  it("a contact's messages are processed in the order recorded, several in one POST", async () => {
    await open()
    const body = text('+919800000203', 'wine')
    const second = text('+919800000203', '30').entry[0]!.changes[0]!.value.messages!
    body.entry[0]!.changes[0]!.value.messages!.push(...second)
    expect((await fake.postWebhook(rt.webhook, body, APP_SECRET)).body).toMatchObject({ messages: 2 })
    await rt.settle()
    const contact = (await store.contactByPhone('+919800000203'))!
    expect((await store.runsOfContact(contact.id)).map((r) => r.status)).toEqual(['ended'])
    expect(fake.to('919800000203').map((s) => (s.body.text as { body: string }).body)).toEqual([
      WELCOME,
      expect.stringContaining('Thanks!'),
    ])
  })

  it('statuses become delivery states in the run log, never moving back; a failure carries the channel error', async () => {
    await open()
    await fake.postWebhook(rt.webhook, text('+919800000204', 'wine'), APP_SECRET)
    await rt.settle()
    const [sent] = fake.sends
    const runId = (await store.runsOfContact((await store.contactByPhone('+919800000204'))!.id))[0]!.id
    const delivery = async () =>
      (await store.logs.run(runId))!.messages.filter((m) => m.direction === 'out').map((m) => m.delivery?.state)
    expect(await delivery()).toEqual(['sent'])
    await fake.postWebhook(
      rt.webhook,
      statuses({ id: sent!.channelId!, status: 'read', recipient: '+919800000204' }),
      APP_SECRET,
    )
    await fake.postWebhook(
      rt.webhook,
      statuses({ id: sent!.channelId!, status: 'delivered', recipient: '+919800000204' }),
      APP_SECRET,
    )
    expect(await delivery()).toEqual(['read'])

    // A message the channel accepted and then could not deliver.
    await fake.postWebhook(rt.webhook, text('+919800000205', 'wine'), APP_SECRET)
    await rt.settle()
    const lost = fake.sends.at(-1)!
    const failed = statuses({
      id: lost.channelId!,
      status: 'failed',
      recipient: '+919800000205',
      error: { code: 131026, title: 'Message undeliverable', details: 'The number is not on the channel.' },
    })
    await fake.postWebhook(rt.webhook, failed, APP_SECRET)
    const run = (await store.runsOfContact((await store.contactByPhone('+919800000205'))!.id))[0]!.id
    const trace = (await store.logs.run(run))!
    expect(trace.messages.find((m) => m.direction === 'out')!.delivery).toMatchObject({
      state: 'failed',
      error:
        'channel error 131026: the message could not be delivered to this number: Message undeliverable (The number is not on the channel.)',
    })
    expect(trace.run.failedDeliveries).toBe(1)
    const failedOnly = await store.logs.list('flw_age_gate', { delivery: 'failed' }, undefined, 10)
    expect(failedOnly.runs.map((r) => r.id)).toEqual([run])
  })

  it('a status arriving while other writes of the turn wait for their commit is recorded, with its own commit', async () => {
    await open()
    await fake.postWebhook(rt.webhook, text('+919800000206', 'wine'), APP_SECRET)
    await rt.settle()
    const runId = (await store.runsOfContact((await store.contactByPhone('+919800000206'))!.id))[0]!.id
    // A write opens the turn's transaction (SQLite's group commit), as a step or a send's mark does; the channel's
    // status for the message just sent comes in before that turn commits.
    const pending = store.outboundSent([], Date.now())
    const read = { channelId: fake.sends.at(-1)!.channelId!, state: 'read' as const, at: Date.now(), error: null }
    await expect(store.channel.record([], [read], Date.now())).resolves.toEqual({ fresh: 0, duplicates: 0 })
    await pending
    expect(
      (await store.logs.run(runId))!.messages.filter((m) => m.direction === 'out').map((m) => m.delivery?.state),
    ).toEqual(['read'])
  })

  it('a kind flows do not take is recorded as the customer writing, once, and runs nothing', async () => {
    await open()
    const id = messageId()
    await fake.postWebhook(rt.webhook, customerImage('+919800000206', 'Asha', id), APP_SECRET)
    await fake.postWebhook(rt.webhook, customerImage('+919800000206', 'Asha', id), APP_SECRET)
    await rt.settle()
    const contact = (await store.contactByPhone('+919800000206'))!
    expect(contact.lastInboundAt).toEqual(expect.any(Number))
    expect(await store.runsOfContact(contact.id)).toEqual([])
    expect(fake.sends).toEqual([])
  })

  it('messages recorded but not processed when the runtime stopped are processed at the next start', async () => {
    const opened = await c.open()
    await opened.store.publish(exampleFlow('age-gate'))
    rt = await startChannelRuntime(opened.store, fake)
    await rt.server.inbox!.close()
    expect((await fake.postWebhook(rt.webhook, text('+919800000207', 'wine'), APP_SECRET)).status).toBe(200)
    expect(await opened.store.channel.stats(Date.now())).toMatchObject({ inboxDepth: 1 })
    await rt.close()
    rt = await startChannelRuntime(await opened.reopen(), fake)
    await rt.settle()
    expect(fake.to('919800000207')).toHaveLength(1)
  })
})
