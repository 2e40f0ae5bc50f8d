// A flow with a Hand over node in the production runtime, on each store, through its HTTP endpoints and a real
// receiver of the notifications on loopback: the node puts the contact with a person (the operator is told, with
// the flow, the last messages and a link), the customer's keyword during the takeover starts no flow and is kept in
// the transcript, a webhook start is refused, the person replies, the hand-back with variables continues the run on `returned` (told too), and
// a takeover the node gave a time to ends by itself at that time on the fake clock.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import { createEffects } from '../../shared/engine'
import type { FlowDocument } from '../../shared/flow/document'
import { ListenerSettingsSchema } from '../services/webhook/settings'
import { orderTotalFlow } from '../services/webhook/testing/fixtures'
import { MemoryAdapter } from './adapters/log-adapter'
import type { Runtime } from './runtime'
import { startRuntimeServer, type RuntimeServer } from './server'
import { testRuntime, text } from './testing/runtime-fixtures'
import { describeEachStore } from './testing/stores'

const KEY = 'pk_test_0123456789abcdef'
const T0 = Date.UTC(2026, 0, 10, 9)
const HOUR = 3_600_000

const node = (id: string, type: string, name: string, config: Record<string, unknown>, x: number) => ({
  id,
  type,
  typeVersion: 1,
  name,
  position: { x, y: 0 },
  config,
})

/** "agent" → Hand over (back after 2 h) → returned → a message with the variable the person set. */
const flow = {
  format: 'chatflow.flow/1',
  id: 'flw_support',
  name: 'Support',
  active: true,
  samples: {},
  webhookSecretRef: null,
  nodes: [
    node('n_trigger', 'trigger', 'trigger_1', { kind: 'keyword', keywords: ['agent'], matchMode: 'exact' }, 0),
    node(
      'n_hand',
      'hand_over',
      'hand_over_1',
      { message: 'Connecting you to a person.', note: 'refund', returnAfter: '2h', notify: true },
      300,
    ),
    node('n_back', 'message', 'welcome_back', { text: 'Welcome back! Resolved: {{resolved}}.' }, 600),
  ],
  edges: [
    { id: 'e_1', source: 'n_trigger', sourcePort: 'out', target: 'n_hand' },
    { id: 'e_2', source: 'n_hand', sourcePort: 'returned', target: 'n_back' },
  ],
} as unknown as FlowDocument

async function receiver() {
  const bodies: Array<Record<string, any>> = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')))
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  return { url, bodies, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

describeEachStore('a Hand over node in the runtime', (c) => {
  let server: RuntimeServer | undefined
  let runtime: Runtime | undefined
  let close: (() => Promise<void>) | undefined
  afterEach(async () => {
    await server?.close()
    await runtime?.close()
    await close?.()
    server = runtime = close = undefined
  })

  async function setUp() {
    const { store } = await c.open()
    await store.publish(flow)
    await store.publish({ ...orderTotalFlow('flw_total'), webhookSecretRef: 'flw_total' })
    const secret = (await store.ensureSecret('flw_total', false))!
    const notices = await receiver()
    close = notices.close
    const clock = { now: T0 }
    const adapter = new MemoryAdapter()
    ;({ runtime } = testRuntime(store, adapter, {
      effects: createEffects({ clock: { now: () => clock.now } }),
      handover: { url: notices.url, pollMs: null },
    }))
    server = await startRuntimeServer(runtime, {
      settings: { ...ListenerSettingsSchema.parse({}), port: 0 },
      publishKey: KEY,
      publishPort: 0,
      log: () => undefined,
    })
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${server!.publishUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return { status: res.status, body: (await res.json()) as Record<string, any> }
    }
    const texts = (phone: string) =>
      adapter.to(phone).map((e) => (e.message.type === 'text' ? e.message.text.body : e.message.type))
    const webhook = async (phone: string) => {
      const res = await fetch(`${server!.listener.url}/chatbot-webhook/flw_total/trigger`, {
        method: 'POST',
        headers: { 'x-api-key': secret, 'content-type': 'application/json' },
        body: JSON.stringify({ phone_number: phone, data: { name: 'Ravi', amount: 50 } }),
      })
      return { status: res.status, body: (await res.json()) as Record<string, any> }
    }
    return { store, clock, runtime: runtime!, post, texts, webhook, notices: notices.bodies }
  }

  it('goes to a person, keeps the keyword out of the flows, and continues on returned with what the person set', async () => {
    const { store, runtime, post, texts, webhook, notices } = await setUp()
    const phone = '+919800001001'
    const started = await runtime.inbound(text(phone, 'agent'))
    expect(started).toMatchObject({ action: 'started', state: 'paused' })
    await runtime.idle()
    expect(texts(phone)).toEqual(['Connecting you to a person.'])
    const [open] = await store.handovers.list({ open: true, limit: 10 })
    expect(open).toMatchObject({ by: 'node', runId: started.runId, flowId: flow.id, nodeId: 'n_hand', note: 'refund' })
    expect(open!.until).toBe(T0 + 2 * HOUR)
    expect(notices).toEqual([
      {
        event: 'handover.started',
        handover: {
          id: open!.id,
          since: T0,
          by: 'node',
          runId: started.runId,
          flowId: flow.id,
          nodeId: 'n_hand',
          until: T0 + 2 * HOUR,
          note: 'refund',
        },
        contact: { id: started.contactId, name: phone, phone, language: null, fields: {} },
        flow: { id: flow.id, name: 'Support' },
        lastMessages: [
          { at: T0, direction: 'in', text: 'agent' },
          { at: T0, direction: 'out', text: 'Connecting you to a person.' },
        ],
        link: `${server!.publishUrl}/contacts/%2B919800001001/handover`,
      },
    ])

    // The keyword again: no flow starts, the message is in the transcript (once per message id).
    const again = text(phone, 'agent', 'wamid.again1')
    expect(await runtime.inbound(again)).toMatchObject({ status: 'processed', action: 'ignored', runId: null })
    expect(await runtime.inbound(again)).toMatchObject({ status: 'duplicate' })
    // A webhook start is refused while a person has the conversation (409 with_person), and starts nothing.
    expect(await webhook(phone)).toMatchObject({ status: 409, body: { error: { code: 'with_person' } } })
    expect((await store.runsOfContact(started.contactId)).map((r) => r.id)).toEqual([started.runId])
    expect((await store.handovers.transcript(open!.id)).map((m) => [m.direction, m.message])).toEqual([
      ['in', again.event],
    ])
    expect((await store.logs.rows([started.runId!]))[0]!.handover).toEqual({ since: T0, endedAt: null })

    expect((await post(`/contacts/${phone.slice(1)}/messages`, { text: 'Refund done.' })).status).toBe(201)
    const back = await post(`/contacts/${phone.slice(1)}/handback`, { variables: { resolved: 'yes' } })
    expect(back.body).toMatchObject({
      handback: { handoverId: open!.id, by: 'api', variables: { resolved: 'yes' } },
      resumed: { runId: started.runId, port: 'returned' },
    })
    await runtime.idle()
    expect(texts(phone)).toEqual(['Connecting you to a person.', 'Refund done.', 'Welcome back! Resolved: yes.'])
    expect(await store.run(started.runId!)).toMatchObject({ status: 'ended' })
    expect(notices.at(-1)).toMatchObject({
      event: 'handover.ended',
      handover: { id: open!.id },
      handback: { handoverId: open!.id, by: 'api', variables: { resolved: 'yes' } },
    })
    // The bot has the conversation again: the webhook starts its flow, the keyword its own.
    expect((await webhook(phone)).status).toBe(200)
    expect(await runtime.inbound(text(phone, 'agent'))).toMatchObject({ action: 'started' })
  })

  it("hands back by itself at the node's time (fake clock), and the run continues on returned", async () => {
    const { store, runtime, texts, clock, notices } = await setUp()
    // Two contacts due together: PostgreSQL wakes them in one transaction (withContacts), SQLite one by one.
    const phones = ['+919800001002', '+919800001004']
    const runs = []
    for (const phone of phones) runs.push((await runtime.inbound(text(phone, 'agent'))).runId)
    clock.now = T0 + 2 * HOUR - 1
    await runtime.runDue()
    expect(await store.handovers.list({ open: true, limit: 10 })).toHaveLength(2)
    clock.now = T0 + 2 * HOUR
    await runtime.runDue()
    await runtime.idle()
    expect(await store.handovers.list({ open: true, limit: 10 })).toEqual([])
    const ended = await store.handovers.list({ open: false, limit: 10 })
    expect(ended.map((h) => [h.runId, h.endedAt, h.endedBy]).sort()).toEqual(
      runs.map((r) => [r, T0 + 2 * HOUR, 'timeout']).sort(),
    )
    for (const phone of phones)
      expect(texts(phone)).toEqual(['Connecting you to a person.', 'Welcome back! Resolved: .'])
    expect(notices.map((n) => [n.event, n.handback?.by]).sort()).toEqual([
      ['handover.ended', 'timeout'],
      ['handover.ended', 'timeout'],
      ['handover.started', undefined],
      ['handover.started', undefined],
    ])
  })

  it('ends an API takeover given until by itself at that time (fake clock)', async () => {
    const { store, runtime, post, clock } = await setUp()
    const phone = '+919800001003'
    await runtime.inbound(text(phone, 'hello'))
    const taken = await post(`/contacts/${phone.slice(1)}/handover`, { until: new Date(T0 + HOUR).toISOString() })
    expect(taken.status).toBe(201)
    clock.now = T0 + HOUR - 1
    await runtime.runDue()
    expect(await store.handovers.list({ open: true, limit: 10 })).toHaveLength(1)
    clock.now = T0 + HOUR
    await runtime.runDue()
    expect(await store.handovers.get(taken.body.handover.id)).toMatchObject({ endedAt: T0 + HOUR, endedBy: 'timeout' })
    expect(await runtime.inbound(text(phone, 'agent'))).toMatchObject({ action: 'started' })
  })
})
