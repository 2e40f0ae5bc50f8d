// The outbox on each store: a message committed but not sent survives a stop or a crash and is sent once after the
// restart with the same id; retries keep a contact's order without holding up other contacts; a refusal for good
// and the last failed attempt are kept in the run's log; two senders on one state never send a message twice.
import { expect, it } from 'vitest'
import type { ChannelAdapter, OutboundEnvelope } from './adapters/adapter'
import { DeliveryError } from './adapters/adapter'
import { MemoryAdapter } from './adapters/log-adapter'
import type { RuntimeStore } from './store'
import { exampleFlow, testRuntime, text } from './testing/runtime-fixtures'
import { describeEachStore } from './testing/stores'

const P = '+919800000101'
const Q = '+919800000102'
const body = (e: OutboundEnvelope) => (e.message as { text: { body: string } }).text.body
const WELCOME = 'Welcome to the cellar! How old are you?'

/** An adapter whose sends never answer, like a process that died in the middle of one; `release` ends them. */
function hangingAdapter() {
  const envelopes: OutboundEnvelope[] = []
  let release: () => void = () => undefined
  const gate = new Promise<void>((r) => (release = r))
  let called: () => void = () => undefined
  const first = new Promise<void>((r) => (called = r))
  const adapter: ChannelAdapter = {
    name: 'hanging',
    async send(e) {
      envelopes.push(e)
      called()
      await gate
    },
  }
  return { adapter, envelopes, first, release: () => release() }
}

/** Records each delivery as `phone: body`, failing with `fail(e)` when it returns an error. */
function scripted(fail: (e: OutboundEnvelope) => Error | null) {
  const delivered: string[] = []
  const calls: OutboundEnvelope[] = []
  const adapter: ChannelAdapter = {
    name: 'scripted',
    async send(e) {
      calls.push(e)
      const err = fail(e)
      if (err) throw err
      delivered.push(`${e.to}: ${body(e)}`)
    },
  }
  return { adapter, delivered, calls }
}

describeEachStore('outbox', (c) => {
  it('a message committed but not sent when the runtime stopped is sent once after the restart, with its id', async () => {
    const opened = await c.open()
    await opened.store.publish(exampleFlow('age-gate'))
    const stopped = testRuntime(opened.store, new MemoryAdapter(), { outbox: { send: false } })
    const started = await stopped.runtime.inbound(text(P, 'wine'))
    const [entry] = await opened.store.outbox(started.runId!)
    expect(entry).toMatchObject({ status: 'pending', attempts: 0 })
    await stopped.runtime.close()
    expect((stopped.adapter as MemoryAdapter).sent).toEqual([])

    const restarted = testRuntime(await opened.reopen())
    await restarted.runtime.idle()
    const sent = (restarted.adapter as MemoryAdapter).sent
    expect(sent.map((e) => [e.id, e.to, body(e)])).toEqual([[entry!.id, P, WELCOME]])
    expect(await restarted.runtime.store.outbox(started.runId!)).toEqual([
      { id: entry!.id, status: 'sent', attempts: 1, lastError: null },
    ])
    await restarted.runtime.close()

    const again = testRuntime(await opened.reopen())
    await again.runtime.idle()
    expect((again.adapter as MemoryAdapter).sent).toEqual([])
    await again.runtime.close()
  })

  it('a crash in the middle of a send: the message goes again, with the same id, from the next process', async () => {
    const opened = await c.open()
    await opened.store.publish(exampleFlow('age-gate'))
    const hung = hangingAdapter()
    const crashed = testRuntime(opened.store, hung.adapter, { outbox: { leaseMs: 300, pollMs: 600_000 } })
    const started = await crashed.runtime.inbound(text(P, 'wine'))
    await hung.first
    // SQLite: the dead process's file lock is gone. PostgreSQL: the dead instance's lease runs out.
    if (c.kind === 'sqlite') await opened.store.close()
    const next = testRuntime(await opened.reopen(), new MemoryAdapter(), { outbox: { pollMs: 50 } })
    const sent = (next.adapter as MemoryAdapter).sent
    await expect.poll(() => sent.length, { timeout: 10_000 }).toBe(1)
    expect(sent[0]!.id).toBe(hung.envelopes[0]!.id)
    await next.runtime.idle()
    expect(await next.runtime.store.outbox(started.runId!)).toMatchObject([{ status: 'sent' }])
    await next.runtime.close()
    hung.release()
    await crashed.runtime.close()
    expect(hung.envelopes).toHaveLength(1)
  })

  it('retries with backoff in the contact order, without holding up other contacts', async () => {
    const { store } = await c.open()
    await store.publish(exampleFlow('age-gate'))
    let release = false
    // P's first message fails (worth retrying) until Q's message went and P's second one is committed behind it.
    const s = scripted((e) =>
      e.to === P && body(e) === WELCOME && !release ? new DeliveryError('the endpoint answered 503', true) : null,
    )
    const { runtime } = testRuntime(store, s.adapter, { outbox: { backoffMs: 20, maxBackoffMs: 100, attempts: 1000 } })
    const run = await runtime.inbound(text(P, 'wine'))
    await runtime.inbound(text(P, '34'))
    await runtime.inbound(text(Q, 'wine'))
    await expect.poll(() => s.delivered, { timeout: 10_000 }).toEqual([`${Q}: ${WELCOME}`])
    expect(s.calls.filter((e) => e.to === P).map(body)).not.toContain(expect.stringContaining('Thanks'))
    release = true
    await expect.poll(() => s.delivered.length, { timeout: 10_000 }).toBe(3)
    expect(s.delivered.slice(1)).toEqual([`${P}: ${WELCOME}`, expect.stringMatching(new RegExp(`^\\${P}: Thanks!`))])
    await runtime.idle()
    const [first, second] = await store.outbox(run.runId!)
    expect(first).toMatchObject({ status: 'sent', lastError: 'the endpoint answered 503' })
    expect(first!.attempts).toBeGreaterThan(1)
    expect(second).toMatchObject({ status: 'sent', attempts: 1 })
    await runtime.close()
  })

  it('a message the channel refuses for good is failed at once, kept in the run log, and never retried', async () => {
    const { store } = await c.open()
    await store.publish(exampleFlow('age-gate'))
    const s = scripted((e) => (body(e) === WELCOME ? new DeliveryError('the endpoint answered 400', false) : null))
    const { runtime } = testRuntime(store, s.adapter, { outbox: { backoffMs: 1 } })
    const run = await runtime.inbound(text(P, 'wine'))
    await runtime.inbound(text(P, '34'))
    await runtime.idle()
    await expect.poll(() => s.delivered.length, { timeout: 10_000 }).toBe(1)
    await runtime.idle()
    expect(s.calls.map(body).filter((b) => b === WELCOME)).toHaveLength(1)
    expect(await store.deliveryFailures(run.runId!)).toEqual([
      expect.objectContaining({
        adapter: 'scripted',
        attempts: 1,
        error: 'the endpoint answered 400 (refused, not retried)',
        message: expect.objectContaining({ type: 'text' }),
      }),
    ])
    expect((await store.outbox(run.runId!)).map((e) => e.status)).toEqual(['failed', 'sent'])
    await runtime.close()
  })

  it('gives up after its attempts and records the failure', async () => {
    const { store } = await c.open()
    await store.publish(exampleFlow('age-gate'))
    const s = scripted(() => new Error('socket hang up'))
    const { runtime } = testRuntime(store, s.adapter, { outbox: { attempts: 3, backoffMs: 5 } })
    const run = await runtime.inbound(text(P, 'wine'))
    await expect
      .poll(() => store.deliveryFailures(run.runId!), { timeout: 10_000 })
      .toEqual([expect.objectContaining({ attempts: 3, error: 'socket hang up (gave up after 3 attempts)' })])
    expect(s.calls).toHaveLength(3)
    expect(new Set(s.calls.map((e) => e.id)).size).toBe(1)
    await runtime.close()
  })

  it('two senders on one state send every message once, in each contact order', async () => {
    const opened = await c.open()
    await opened.store.publish(exampleFlow('age-gate'))
    const writer = testRuntime(opened.store, new MemoryAdapter(), { outbox: { send: false } })
    const phones = Array.from({ length: 8 }, (_, i) => `+91980000020${i}`)
    await Promise.all(
      phones.map(async (phone) => {
        for (const t of ['wine', '34', 'wine', '41']) await writer.runtime.inbound(text(phone, t))
      }),
    )
    const delivered: OutboundEnvelope[] = []
    const slow: ChannelAdapter = {
      name: 'slow',
      async send(e) {
        delivered.push(e)
        await new Promise((r) => setTimeout(r, Math.random() * 5))
      },
    }
    // PostgreSQL: two instances with their own pools. SQLite: two senders in the one process that owns the file.
    const stores: RuntimeStore[] =
      c.kind === 'postgres' ? [await opened.reopen(), await opened.reopen()] : [opened.store, opened.store]
    const senders = stores.map((store) => testRuntime(store, slow, { outbox: { pollMs: 20, concurrency: 3 } }).runtime)
    await expect.poll(() => delivered.length, { timeout: 20_000 }).toBe(phones.length * 4)
    await Promise.all(senders.map((r) => r.idle()))
    expect(delivered).toHaveLength(phones.length * 4)
    expect(new Set(delivered.map((e) => e.id)).size).toBe(delivered.length)
    for (const phone of phones) {
      const contact = (await opened.store.contactByPhone(phone))!
      const committed: string[] = []
      for (const r of await opened.store.runsOfContact(contact.id)) {
        for (const m of await opened.store.messages(r.id))
          if (m.direction === 'out') committed.push(JSON.stringify(m.payload))
      }
      expect(
        delivered.filter((e) => e.to === phone).map((e) => JSON.stringify(e.message)),
        phone,
      ).toEqual(committed)
    }
    for (const r of senders) await r.close()
    await writer.runtime.close()
  })
})
