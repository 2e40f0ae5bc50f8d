// Messages leased by their own step: a step whose contact has nothing unsent before its messages writes them
// leased to its own sender, which sends them without a claim; a chain ends without a claim when the sent mark says
// nothing waits behind it. A message committed behind a chain in flight waits for that chain and is claimed as soon
// as it ends, not at the next poll: on both stores, and on PostgreSQL behind another instance's chain too.
import { expect, it } from 'vitest'
import { createEffects, resumeRun, startRun } from '../../shared/engine'
import { nodeCatalog } from '../../shared/nodes/runners'
import type { ChannelAdapter, OutboundEnvelope } from './adapters/adapter'
import { MemoryAdapter } from './adapters/log-adapter'
import type { RuntimeStore } from './store'
import { exampleFlow, testRuntime, text } from './testing/runtime-fixtures'
import { describeEachStore, describePostgresStore, describeSqliteStore } from './testing/stores'

const WELCOME = 'Welcome to the cellar! How old are you?'
const body = (e: OutboundEnvelope) => (e.message as { text: { body: string } }).text.body
/** No poll during a test: only a claim the code asks for can send what a lease did not. */
const NO_POLL = { pollMs: 600_000 }

/** The store, counting the sender's claims. */
function counting(store: RuntimeStore) {
  const counter = { claims: 0, waiting: 0 }
  const wrapped = new Proxy(store, {
    get: (s, p) =>
      p === 'claimOutbound'
        ? (o: Parameters<RuntimeStore['claimOutbound']>[0]) => {
            counter.claims++
            return s.claimOutbound(o)
          }
        : p === 'outboundWaiting' && s.outboundWaiting
          ? (...args: Parameters<NonNullable<RuntimeStore['outboundWaiting']>>) => {
              counter.waiting++
              return s.outboundWaiting!(...args)
            }
          : Reflect.get(s, p, s),
  })
  return { store: wrapped, counter }
}

describeEachStore('outbox leases written by the step', (c) => {
  it('a step sends its own messages without a claim', async () => {
    const opened = await c.open()
    await opened.store.publish(exampleFlow('age-gate'))
    const { store, counter } = counting(opened.store)
    const adapter = new MemoryAdapter()
    const { runtime } = testRuntime(store, adapter, { outbox: NO_POLL })
    await expect.poll(() => counter.claims).toBe(1) // the start's claim: what an earlier process left
    const phones = ['+919800000301', '+919800000302', '+919800000303']
    for (const phone of phones)
      for (const t of ['wine', '34']) {
        const answer = await runtime.inbound(text(phone, t))
        await expect
          .poll(async () => (await store.outbox(answer.runId!)).every((e) => e.status === 'sent'), { timeout: 10_000 })
          .toBe(true)
      }
    expect(adapter.sent.map((e) => e.to)).toEqual(phones.flatMap((p) => [p, p]))
    expect(counter.claims).toBe(1)
    await runtime.close()
  })

  it("a message committed behind its contact's chain in flight goes after it, claimed when that chain ends", async () => {
    const opened = await c.open()
    await opened.store.publish(exampleFlow('age-gate'))
    const { store, counter } = counting(opened.store)
    const P = '+919800000321'
    const sent: string[] = []
    let open: () => void = () => undefined
    const gate = new Promise<void>((r) => (open = r))
    // Only the first send waits: a second message sent beside the chain instead of after it would arrive first.
    let sends = 0
    const gated: ChannelAdapter = {
      name: 'gated',
      async send(e) {
        if (sends++ === 0) await gate
        sent.push(body(e))
      },
    }
    const { runtime } = testRuntime(store, gated, { outbox: NO_POLL })
    await expect.poll(() => counter.claims).toBe(1) // the start's claim
    await runtime.inbound(text(P, 'wine')) // leased by its step, in flight at the gate
    await runtime.inbound(text(P, '34')) // behind it: left for a claim
    open()
    // No poll for 10 minutes: the second goes because the chain's end claims it.
    await expect.poll(() => sent.length, { timeout: 10_000 }).toBe(2)
    expect(sent[0]).toBe(WELCOME)
    expect(sent[1]).toMatch(/^Thanks!/)
    await runtime.close()
  })
})

describeSqliteStore('outbox claims on SQLite, one contact busy', (c) => {
  it("a contact's steps behind its chain in flight are claimed once, when that chain ends, in order", async () => {
    const opened = await c.open()
    await opened.store.publish(exampleFlow('age-gate'))
    const { store, counter } = counting(opened.store)
    const P = '+919800000341'
    const sent: string[] = []
    let open: () => void = () => undefined
    const gate = new Promise<void>((r) => (open = r))
    let sends = 0
    const gated: ChannelAdapter = {
      name: 'gated',
      async send(e) {
        if (sends++ === 0) await gate
        sent.push(body(e))
      },
    }
    const { runtime } = testRuntime(store, gated, { outbox: NO_POLL })
    await expect.poll(() => counter.claims).toBe(1) // the start's claim
    const words = ['wine', '34', 'wine', '34', 'wine', '34']
    for (const w of words) await runtime.inbound(text(P, w))
    // The first is in flight at the gate; the five behind it were not claimed one by one as they were committed.
    expect(counter.claims).toBe(1)
    open()
    await expect.poll(() => sent.length, { timeout: 10_000 }).toBe(words.length)
    expect(sent.map((t) => (t === WELCOME ? 'welcome' : /^Thanks!/.test(t) ? 'thanks' : t))).toEqual(
      words.map((w) => (w === 'wine' ? 'welcome' : 'thanks')),
    )
    // The chain's end: its sent mark said the five wait, and they were leased as the contact's next chain without
    // a claim of every contact's queue (issue 40).
    expect(counter.waiting).toBe(1)
    expect(counter.claims).toBe(1)
    await runtime.close()
  })

  it("leases the contact's waiting chain only when its oldest is due and unheld; a claim decides otherwise", async () => {
    const { store } = await c.open()
    const flow = exampleFlow('age-gate')
    await store.publish(flow)
    const deps = { effects: createEffects(), catalog: nodeCatalog, serviceWindow: false }
    const now = Date.now()
    const o = { now, leaseMs: 30_000, perContact: 20 }
    const step = (body: string) =>
      store.withContact('+919800000351', undefined, async (tx) => {
        const paused = await tx.pausedRun()
        const message = { type: 'text' as const, text: body, id: `wamid.${body}` }
        const result = paused
          ? await resumeRun(flow, paused, message, tx.contact, deps)
          : await startRun(flow, { contact: tx.contact, trigger: { kind: 'keyword', keyword: body, message } }, deps)
        return tx.commit({ steps: [{ flow, step: result }], leaseOutbound: { until: now + 30_000 } })
      })
    const first = await step('wine')
    const contact = first[0]!.contactId
    expect(await step('34')).toEqual([])
    expect(await store.outboundWaiting!(contact, o)).toBeNull() // the oldest is held by its step's lease
    expect(await store.outboundSent([first[0]!.seq], now + 1)).toBe(true)
    const next = (await store.outboundWaiting!(contact, { ...o, now: now + 2 }))!
    expect(next.map((i) => body(i.envelope))).toEqual([expect.stringMatching(/^Thanks!/)])
    // Now held: neither another take nor a claim gets it.
    expect(await store.outboundWaiting!(contact, { ...o, now: now + 3 })).toBeNull()
    expect(await store.claimOutbound({ now: now + 3, leaseMs: 30_000, limit: 10, perContact: 20 })).toEqual([])
    // Given back for a retry in a minute: not due, so not taken (the retry's own timer claims it then).
    await store.outboundRetry(next[0]!.seq, 1, now + 60_000, 'timeout')
    expect(await store.outboundWaiting!(contact, { ...o, now: now + 4 })).toBeNull()
    const due = (await store.outboundWaiting!(contact, { ...o, now: now + 60_000 }))!
    expect(due.map((i) => i.seq)).toEqual([next[0]!.seq])
    expect(await store.outboundSent([next[0]!.seq], now + 60_001)).toBe(false)
    expect(await store.outboundWaiting!(contact, { ...o, now: now + 60_002 })).toEqual([]) // nothing pending
    await store.close()
  })
})

describeEachStore('the step lease and the sent mark, store by store', (c) => {
  it("leases a step's messages only when nothing of the contact is unsent before them; the mark says what waits", async () => {
    const { store } = await c.open()
    const flow = exampleFlow('age-gate')
    await store.publish(flow)
    const deps = { effects: createEffects(), catalog: nodeCatalog, serviceWindow: false }
    const now = Date.now()
    const step = (body: string) =>
      store.withContact('+919800000331', undefined, async (tx) => {
        const paused = await tx.pausedRun()
        const message = { type: 'text' as const, text: body, id: `wamid.${body}` }
        const result = paused
          ? await resumeRun(flow, paused, message, tx.contact, deps)
          : await startRun(flow, { contact: tx.contact, trigger: { kind: 'keyword', keyword: body, message } }, deps)
        return tx.commit({ steps: [{ flow, step: result }], leaseOutbound: { until: now + 30_000 } })
      })
    const first = await step('wine')
    expect(first.map((i) => body(i.envelope))).toEqual([WELCOME])
    // The first is unsent (leased, in flight): the second is left for a claim, whatever the lease asked.
    expect(await step('34')).toEqual([])
    expect(await store.outboundSent([first[0]!.seq], now + 1)).toBe(true)
    const claimed = await store.claimOutbound({ now: now + 2, leaseMs: 30_000, limit: 10, perContact: 20 })
    expect(claimed.map((i) => body(i.envelope))).toEqual([expect.stringMatching(/^Thanks!/)])
    expect(await store.outboundSent([claimed[0]!.seq], now + 3)).toBe(false)
    await store.close()
  })
})

describePostgresStore('outbox leases written by the step, two instances', (c) => {
  it("a message committed behind another instance's chain goes after it, claimed when that chain ends", async () => {
    const opened = await c.open()
    await opened.store.publish(exampleFlow('age-gate'))
    const P = '+919800000311'
    // Instance A's sends wait on a gate, so its chain for P is in flight while instance B commits P's next message.
    const sent: string[] = []
    let open: () => void = () => undefined
    const gate = new Promise<void>((r) => (open = r))
    const gated: ChannelAdapter = {
      name: 'gated',
      async send(e) {
        await gate
        sent.push(body(e))
      },
    }
    // Whichever instance claims the second message once the chain ends may send it (B's own poke can come late on
    // a busy machine): both write into one list, whose order is what the customer sees.
    const plain: ChannelAdapter = {
      name: 'plain',
      async send(e) {
        sent.push(body(e))
      },
    }
    const a = testRuntime(await opened.reopen(), gated, { outbox: NO_POLL }).runtime
    const b = testRuntime(await opened.reopen(), plain, { outbox: NO_POLL })
    await a.inbound(text(P, 'wine'))
    await b.runtime.inbound(text(P, '34'))
    open()
    await expect.poll(() => sent.length, { timeout: 10_000 }).toBe(2)
    expect(sent[0]).toBe(WELCOME)
    expect(sent[1]).toMatch(/^Thanks!/)
    await Promise.all([a.close(), b.runtime.close()])
    await opened.store.close()
  })
})
