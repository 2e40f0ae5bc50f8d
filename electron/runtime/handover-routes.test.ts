// The takeover endpoints of the publish API (docs/publish-api.md, "Human takeover") on each store, over HTTP: the
// key first, then strict readers of the path, query and body (400 with a code and the field), then what a takeover
// does: the customer's keyword during it starts nothing and is kept in the transcript, the person's reply goes out
// through the outbox inside the 24-hour window only (to a customer who never had a run too), the hand-back answers
// what it resumed, and the lists show it.
import { afterEach, expect, it } from 'vitest'
import { exampleFlow, text } from './testing/runtime-fixtures'
import { startPublishApiRuntime, type PublishApiRuntime } from './testing/publish-api'
import { describeEachStore } from './testing/stores'
import { waitOnTime } from './testing/wait-fixtures'

const KEY = 'pk_test_0123456789abcdef'
const T0 = Date.UTC(2026, 0, 10, 9)
const HOUR = 3_600_000
const flow = exampleFlow('age-gate')

describeEachStore('the takeover endpoints of the publish API', (c) => {
  let api: PublishApiRuntime | undefined
  afterEach(async () => {
    await api?.close()
    api = undefined
  })

  async function setUp() {
    const { store } = await c.open()
    api = await startPublishApiRuntime(store, flow, { publishKey: KEY, t0: T0 })
    return { store, ...api }
  }

  it('asks for the key before anything else, then refuses bad input with a code that names the field', async () => {
    const { call, runtime } = await setUp()
    await runtime.inbound(text('+919800000901', 'wine'))
    for (const [method, path, body] of [
      ['POST', '/contacts/not-a-phone/handover', { bad: 1 }],
      ['POST', '/contacts/%2B919800000901/handback', 'not json'],
      ['POST', '/contacts/919800000901/messages', {}],
      ['GET', '/handovers?limit=0'],
      ['GET', '/handovers/bad id'],
    ] as const) {
      const res = await call(method, path, body, 'pk_wrong_0123456789abcdef')
      expect([path, res.status, res.body.error.code]).toEqual([path, 401, 'unauthorized'])
    }
    const bad = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
      const res = await call(method, path, body)
      return [res.status, res.body.error?.code, res.body.error?.message]
    }
    expect(await bad('POST', '/contacts/12ab/handover', {})).toEqual([
      400,
      'invalid_phone_number',
      'phone: must be a phone number with its country code, e.g. +919800000001',
    ])
    expect((await bad('POST', '/contacts/919800000901/handover', { note: 5 })).slice(0, 2)).toEqual([
      400,
      'bad_request',
    ])
    expect((await bad('POST', '/contacts/919800000901/handover', { note: 5 }))[2]).toMatch(/^body\.note: /)
    expect((await bad('POST', '/contacts/919800000901/handover', { team: 'B' }))[2]).toMatch(/team/)
    expect((await bad('POST', '/contacts/919800000901/handover', { until: 'tomorrow' }))[2]).toMatch(/^body\.until: /)
    expect((await bad('POST', '/contacts/919800000901/handover', { until: T0 - 1 })).slice(0, 2)).toEqual([
      409,
      'until_passed',
    ])
    expect((await bad('POST', '/contacts/919800000901/handback', { variables: [1] }))[2]).toMatch(/^body\.variables/)
    expect((await bad('POST', '/contacts/919800000901/handback', { variables: { 'a b': 1 } }))[2]).toMatch(
      /variable name/,
    )
    expect((await bad('POST', '/contacts/919800000901/messages', { text: '  ' }))[2]).toMatch(/^body\.text: /)
    expect((await bad('GET', '/handovers?limit=0'))[2]).toMatch(/^query\.limit: /)
    expect((await bad('GET', '/handovers?open=yes'))[2]).toMatch(/^query\.open: /)
    expect((await bad('GET', '/handovers?sort=since'))[2]).toMatch(/sort/)
    expect((await bad('GET', '/handovers?open=true&open=false')).slice(0, 2)).toEqual([400, 'repeated_parameter'])
    expect((await bad('GET', '/handovers/run_123')).slice(0, 2)).toEqual([400, 'bad_request'])
    expect((await bad('GET', '/handovers/hnd_unknown')).slice(0, 2)).toEqual([404, 'not_found'])
    expect((await bad('POST', '/contacts/919800000999/handover', {})).slice(0, 2)).toEqual([404, 'not_found'])
    // Nothing of it took the contact over.
    expect((await call('GET', '/handovers')).body).toEqual({ handovers: [] })
  })

  it('takes over, keeps the keyword out of the flows, replies inside the window only, and hands back', async () => {
    const { call, runtime, store, adapter, clock } = await setUp()
    const phone = '+919800000902'
    const first = await runtime.inbound(text(phone, 'wine'))
    const taken = await call('POST', '/contacts/%2B919800000902/handover', { note: 'refund', until: T0 + 48 * HOUR })
    expect(taken.status).toBe(201)
    const handover = taken.body.handover
    expect(handover).toMatchObject({ by: 'api', note: 'refund', until: T0 + 48 * HOUR, runId: null, since: T0 })
    expect(handover.id).toMatch(/^hnd_/)
    expect((await call('POST', `/contacts/${phone.slice(1)}/handover`, {})).body.error.code).toBe('already_with_person')

    // The customer's keyword starts nothing: kept in the transcript, once per message id.
    clock.now += 1000
    const kept = text(phone, 'wine', 'wamid.kept1')
    expect(await runtime.inbound(kept)).toMatchObject({ status: 'processed', action: 'ignored', runId: null })
    expect(await runtime.inbound(kept)).toMatchObject({ status: 'duplicate', action: 'ignored' })
    expect((await store.runsOfContact(first.contactId)).map((r) => r.id)).toEqual([first.runId])

    await runtime.idle()
    const before = adapter.sent.length
    const replied = await call('POST', `/contacts/${phone.slice(1)}/messages`, { text: 'I refunded you' })
    expect(replied).toMatchObject({ status: 201, body: { handoverId: handover.id, runId: first.runId } })
    await runtime.idle()
    expect(adapter.sent.slice(before).map((e) => [e.to, e.message, e.id])).toEqual([
      [phone, { type: 'text', text: { body: 'I refunded you' } }, replied.body.messageId],
    ])

    const shown = await call('GET', `/handovers/${handover.id}`)
    expect(shown.body.messages).toEqual([
      { seq: 0, at: T0 + 1000, direction: 'in', message: kept.event },
      { seq: 1, at: T0 + 1000, direction: 'out', message: { type: 'text', text: { body: 'I refunded you' } } },
    ])
    expect((await call('GET', '/handovers?open=true')).body.handovers).toEqual([
      { ...handover, endedAt: null, endedBy: null, returnVariables: null, contact: { phone, name: phone } },
    ])

    clock.now = T0 + 1000 + 24 * HOUR
    expect((await call('POST', `/contacts/${phone.slice(1)}/messages`, { text: 'still there?' })).body.error.code).toBe(
      'outside_window',
    )
    const back = await call('POST', `/contacts/${phone.slice(1)}/handback`, { variables: { resolved: true } })
    expect(back).toMatchObject({
      status: 200,
      body: { handback: { handoverId: handover.id, by: 'api', variables: { resolved: true } }, resumed: null },
    })
    expect((await call('POST', `/contacts/${phone.slice(1)}/handback`, {})).body.error.code).toBe('not_with_person')
    expect((await call('POST', `/contacts/${phone.slice(1)}/messages`, { text: 'x' })).body.error.code).toBe(
      'not_with_person',
    )
    expect((await call('GET', '/handovers?open=true')).body.handovers).toEqual([])
    expect((await call('GET', '/handovers?limit=5')).body.handovers).toMatchObject([
      { id: handover.id, endedBy: 'api', returnVariables: { resolved: true } },
    ])
  })
  it('replies to a customer who wrote but never had a run: through the outbox with none, inside the window only', async () => {
    const { call, runtime, store, adapter, clock } = await setUp()
    const phone = '+919800000903'
    // A message no trigger takes: the customer is known (and their window open) but has no run on this server.
    expect(await runtime.inbound(text(phone, 'hello there'))).toMatchObject({ action: 'ignored', runId: null })
    const contact = (await store.contactByPhone(phone))!
    expect(await store.runsOfContact(contact.id)).toEqual([])
    const taken = await call('POST', `/contacts/${phone.slice(1)}/handover`, { note: 'new customer' })
    expect(taken.status).toBe(201)
    await runtime.idle()
    const before = adapter.sent.length
    const replied = await call('POST', `/contacts/${phone.slice(1)}/messages`, { text: 'How can I help?' })
    expect(replied).toMatchObject({ status: 201, body: { handoverId: taken.body.handover.id, runId: null } })
    await runtime.idle()
    expect(adapter.sent.slice(before).map((e) => [e.to, e.run_id, e.message, e.id])).toEqual([
      [phone, null, { type: 'text', text: { body: 'How can I help?' } }, replied.body.messageId],
    ])
    expect((await call('GET', `/handovers/${taken.body.handover.id}`)).body.messages).toMatchObject([
      { direction: 'out', message: { type: 'text', text: { body: 'How can I help?' } } },
    ])
    expect(await store.runsOfContact(contact.id)).toEqual([])
    clock.now = T0 + 24 * HOUR
    expect((await call('POST', `/contacts/${phone.slice(1)}/messages`, { text: 'still there?' })).body.error.code).toBe(
      'outside_window',
    )
  })

  it("holds a waiting run's time while a person has the conversation and carries it out at once after the hand-back", async () => {
    const { call, runtime, store, clock } = await setUp()
    const phone = '+919800000903'
    const { runId } = await runtime.inbound(text(phone, 'wine'))
    await waitOnTime(store, flow, phone, T0 + HOUR, 'failure')
    expect((await call('POST', `/contacts/${phone.slice(1)}/handover`, {})).status).toBe(201)
    clock.now = T0 + 2 * HOUR
    await runtime.runDue()
    expect(await store.run(runId!)).toMatchObject({ status: 'paused' })
    expect((await call('POST', `/contacts/${phone.slice(1)}/handback`, {})).body.resumed).toBeNull()
    // Same instant: the scheduler's hold on the run (a lease) is dropped by the hand-back, so it is woken now.
    await runtime.runDue()
    expect(await store.run(runId!)).toMatchObject({ status: 'ended' })
  })
})
