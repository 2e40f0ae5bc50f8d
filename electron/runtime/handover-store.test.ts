// Takeovers in the runtime's store, the same on SQLite and PostgreSQL (store.ts, ContactWrites.handover and
// transcript; RuntimeStore.handovers): a takeover written with a contact's step is the contact's open takeover the
// next time its transaction opens, its transcript keeps the held messages and the person's replies in order, its
// end closes it with who and what variables; the publish API's reads list, find and show them, and Flow Logs show
// it on the Hand over run; a person's reply is queued in the outbox under a run of the contact and shown among that
// run's messages as the person's, or queued alone for a customer who never had a run; and the notification lists the
// contact's last messages.
import { afterEach, expect, it } from 'vitest'
import { createEffects, startRun, type Handover, type OutboundMessage } from '../../shared/engine'
import { nodeCatalog } from '../../shared/nodes/runners'
import { exampleFlow } from './testing/runtime-fixtures'
import { describeEachStore } from './testing/stores'
import type { RuntimeStore } from './store'

const T0 = Date.UTC(2026, 0, 10, 9)
const deps = { effects: createEffects(), catalog: nodeCatalog, serviceWindow: false }
const flow = exampleFlow('age-gate')

const handover = (id: string, runId: string | null = null): Handover => ({
  id,
  since: T0,
  by: runId ? 'node' : 'api',
  runId,
  flowId: runId ? flow.id : null,
  nodeId: runId ? 'handover_1' : null,
  until: runId ? T0 + 7_200_000 : null,
  note: 'refund, team B',
})

describeEachStore('takeovers in the runtime store', (c) => {
  let store: RuntimeStore | undefined
  afterEach(async () => {
    await store?.close()
    store = undefined
  })

  /** A run of the age-gate flow for `phone` (started by "wine"): the contact's messages and newest run. */
  async function converse(s: RuntimeStore, phone: string) {
    await s.publish(flow)
    return s.withContact(phone, 'Asha', async (tx) => {
      const message = { type: 'text' as const, text: 'wine', id: `wamid.${phone}` }
      const step = await startRun(
        flow,
        { contact: tx.contact, trigger: { kind: 'keyword', keyword: 'wine', message } },
        deps,
      )
      await tx.commit({ steps: [{ flow, step }] })
      return step
    })
  }

  it("keeps a takeover as the contact's until it ends, with its transcript in order and how it ended", async () => {
    store = (await c.open()).store
    const phone = '+919800000801'
    const step = await converse(store, phone)
    const h = handover('hnd_store1', step.state.id)
    const reply: OutboundMessage = { type: 'text', text: { body: 'I refunded you' } }
    await store.withContact(phone, undefined, async (tx) => {
      expect(tx.contact.handover ?? null).toBeNull()
      await tx.commit({ steps: [], handovers: [{ start: h }] })
    })
    await store.withContact(phone, undefined, async (tx) => {
      expect(tx.contact.handover).toEqual(h)
      await tx.commit({
        steps: [],
        transcript: [
          { handoverId: h.id, at: T0 + 1, direction: 'in', message: { type: 'text', text: 'hello?' } },
          { handoverId: h.id, at: T0 + 2, direction: 'out', message: reply },
        ],
      })
    })
    expect(await store.handovers.transcript(h.id)).toEqual([
      { seq: 0, at: T0 + 1, direction: 'in', message: { type: 'text', text: 'hello?' } },
      { seq: 1, at: T0 + 2, direction: 'out', message: reply },
    ])
    expect(await store.handovers.list({ open: true, limit: 10 })).toEqual([
      { ...h, endedAt: null, endedBy: null, returnVariables: null, contact: { phone, name: 'Asha' } },
    ])
    // Flow Logs show the takeover on the Hand over run (LogRun.handover), not on runs that started none.
    expect((await store.logs.rows([step.state.id]))[0]!.handover).toEqual({ since: T0, endedAt: null })
    const end = { handoverId: h.id, at: T0 + 60_000, by: 'api' as const, variables: { resolved: true } }
    await store.withContact(phone, undefined, (tx) => tx.commit({ steps: [], handovers: [{ end }] }))
    await store.withContact(phone, undefined, async (tx) => expect(tx.contact.handover ?? null).toBeNull())
    expect(await store.handovers.get(h.id)).toEqual({
      ...h,
      endedAt: T0 + 60_000,
      endedBy: 'api',
      returnVariables: { resolved: true },
    })
    expect((await store.logs.rows([step.state.id]))[0]!.handover).toEqual({ since: T0, endedAt: T0 + 60_000 })
    expect(await store.handovers.list({ open: true, limit: 10 })).toEqual([])
    expect((await store.handovers.list({ open: false, limit: 10 })).map((x) => x.id)).toEqual([h.id])
    expect(await store.handovers.get('hnd_none')).toBeNull()
  })

  it("reads the contact's last messages and newest run, and queues a person's reply in the outbox under it", async () => {
    store = (await c.open()).store
    const phone = '+919800000802'
    const step = await converse(store, phone)
    const sent = step.messages.map((m) => (m.type === 'text' ? m.text.body : null))
    const id = 'out_person_reply_1'
    const message: OutboundMessage = { type: 'text', text: { body: 'A person here' } }
    await store.withContact(phone, undefined, async (tx) => {
      expect((await tx.recentMessages(10)).map((m) => [m.direction, m.text])).toEqual([
        ['in', 'wine'],
        ...sent.map((t) => ['out', t]),
      ])
      expect((await tx.recentMessages(1)).map((m) => m.text)).toEqual([sent.at(-1)])
      expect(await tx.newestRun()).toEqual({ id: step.state.id, flowId: flow.id })
      await tx.commit({
        steps: [],
        handovers: [{ start: handover('hnd_store2') }],
        personReply: { runId: step.state.id, flowId: flow.id, at: T0 + 5, message, id },
      })
    })
    expect((await store.logs.rows([step.state.id]))[0]!.handover).toBeUndefined()
    const claimed = await store.claimOutbound({ now: Date.now(), leaseMs: 30_000, limit: 10, perContact: 20 })
    expect(claimed.at(-1)?.envelope).toMatchObject({ id, run_id: step.state.id, to: phone, message })
    // Flow Logs: the reply is the run's last message, marked as the person's, with its own delivery state; the bot's
    // messages before it stay the bot's, each with its own outbox row.
    const logged = (await store.logs.run(step.state.id))!.messages
    expect(logged.at(-1)).toMatchObject({ direction: 'out', id, author: 'person', payload: message, createdAt: T0 + 5 })
    expect(logged.at(-1)!.delivery?.state).toBe('pending')
    expect(logged.slice(0, -1).every((m) => m.author === undefined)).toBe(true)
    expect(logged.filter((m) => m.direction === 'out').every((m) => m.delivery?.state === 'pending')).toBe(true)
  })

  it('queues a reply to a customer who never had a run with no run, and its failure on its own row', async () => {
    store = (await c.open()).store
    const phone = '+919800000803'
    const id = 'out_person_reply_2'
    const message: OutboundMessage = { type: 'text', text: { body: 'Hello from a person' } }
    await store.withContact(phone, 'Ravi', async (tx) => {
      expect(await tx.newestRun()).toBeNull()
      await tx.commit({
        steps: [],
        handovers: [{ start: handover('hnd_store3') }],
        personReply: { runId: null, flowId: null, at: T0, message, id },
      })
    })
    const claimed = await store.claimOutbound({ now: Date.now(), leaseMs: 30_000, limit: 10, perContact: 20 })
    const item = claimed.find((i) => i.envelope.id === id)!
    expect(item.envelope).toMatchObject({ run_id: null, flow_id: null, to: phone, message })
    await store.outboundFailed(item.seq, {
      runId: null,
      contactId: item.contactId,
      message,
      adapter: 'log',
      attempts: 1,
      error: 'refused',
      at: T0 + 1,
    })
    expect(await store.claimOutbound({ now: Date.now(), leaseMs: 30_000, limit: 10, perContact: 20 })).toEqual([])
  })
})
