// A broadcast round's recipients start on PostgreSQL in groups, one transaction of their contacts per group
// (broadcast-host.ts startMany, business-start.ts, pg-store.ts withContacts creating the contacts): each recipient
// decided as a single start decides it, the daily limit's room in recipient order, one the limit holds writing
// nothing (its contact, new, not kept), a recipient another start took keeping nothing of the group; the group's
// template read once (pg-library.ts libraryOn's memo). A run's row carries the transaction that wrote it (xmin).
import pg from 'pg'
import { afterEach, expect, it } from 'vitest'
import { createEffects } from '../../shared/engine'
import { MemoryAdapter } from './adapters/log-adapter'
import { RuntimeBroadcastHost } from './broadcast-host'
import { libraryOn } from './pg-library'
import type { Runtime } from './runtime'
import type { RuntimeStore } from './store'
import { testRuntime, text } from './testing/runtime-fixtures'
import { describePostgresStore } from './testing/stores'
import { promoFlow, promoTemplate } from './testing/promo-broadcast'

const T0 = Date.UTC(2026, 5, 1, 12)
const promo = promoTemplate('Hi')
const flow = () => promoFlow('flw_promo', 'Promo', [])
const phone = (i: number) => `+9198000009${String(i).padStart(2, '0')}`

describePostgresStore('broadcast starts in groups', (c) => {
  const open: Array<{ close(): Promise<void> }> = []
  afterEach(async () => {
    for (const o of open.splice(0).reverse()) await o.close()
  })

  async function setUp(conversationLimit: number | null) {
    const { store, url } = await c.open()
    await store.publish(flow(), { templates: [promo as never], catalog: [] })
    const adapter = new MemoryAdapter()
    const { runtime } = testRuntime(store, adapter, {
      effects: createEffects({ clock: { now: () => T0 }, ...store.libraryEffects() }),
      broadcasts: { pollMs: null, conversationLimit },
    })
    const db = new pg.Pool({ connectionString: url!, max: 1 })
    db.on('error', () => undefined) // the harness drops the database after the test
    open.push(runtime, { close: () => db.end() })
    return { store, runtime, adapter, db }
  }
  /** The transactions that wrote the runs of these recipients' contacts. */
  const transactions = async (db: pg.Pool, phones: string[]) =>
    Number(
      (
        await db.query(
          'SELECT count(DISTINCT r.xmin::text) AS n FROM runs r JOIN contacts c ON c.id = r.contact_id WHERE c.phone = ANY($1)',
          [phones],
        )
      ).rows[0].n,
    )

  it("starts a round's 20 recipients in two transactions, each once, every message sent", async () => {
    const { store, runtime, adapter, db } = await setUp(null)
    const phones = Array.from({ length: 20 }, (_, i) => phone(i))
    const b = await runtime.broadcasts.service.create(
      { name: 'Promo', flowId: 'flw_promo' },
      phones.map((p) => ({ phone: p, dueAt: T0 })),
    )
    expect(await runtime.broadcasts.runDue()).toBe(20)
    await runtime.idle()
    expect(adapter.sent.map((e) => e.to).sort()).toEqual(phones)
    expect(await transactions(db, phones)).toBe(2)
    await runtime.broadcasts.runDue()
    expect((await runtime.broadcasts.service.get(b.id)).counts).toMatchObject({ sent: 20, total: 20 })
    const rs = await store.broadcasts.recipients(b.id, { limit: 20 })
    expect(new Set(rs.map((r) => r.runId)).size).toBe(20)
  })

  it('the daily limit in a group: its room in recipient order; one held writes nothing, its new contact not kept', async () => {
    const { store, runtime, adapter, db } = await setUp(3)
    const phones = Array.from({ length: 6 }, (_, i) => phone(40 + i))
    await runtime.inbound(text(phones[1]!, 'hello')) // inside its window: opens no conversation, takes no room
    await runtime.idle()
    const b = await runtime.broadcasts.service.create(
      { name: 'Promo', flowId: 'flw_promo' },
      phones.map((p) => ({ phone: p, dueAt: T0 })),
    )
    await runtime.broadcasts.runDue()
    await runtime.idle()
    const rs = await store.broadcasts.recipients(b.id, { limit: 10 })
    expect(rs.map((r) => r.state)).toEqual(['sent', 'sent', 'sent', 'sent', 'pending', 'pending'])
    expect(adapter.sent.map((e) => e.to).sort()).toEqual(phones.slice(0, 4))
    expect(await transactions(db, phones)).toBe(1)
    expect(await store.contactByPhone(phones[4]!)).toBeNull()
    expect(await store.contactByPhone(phones[5]!)).toBeNull()
  })

  it('a recipient another start took: nothing of its group is kept', async () => {
    const { store, runtime, adapter } = await setUp(null)
    const phones = [phone(60), phone(61), phone(62)]
    const b = await runtime.broadcasts.service.create(
      { name: 'Promo', flowId: 'flw_promo' },
      phones.map((p) => ({ phone: p, dueAt: T0 })),
    )
    const claimed = await store.broadcasts.claim({ now: T0, leaseMs: 1, limit: 3 })
    const other = {
      state: 'sent' as const,
      runId: 'run_elsewhere',
      cost: 2,
      templates: ['promo'],
      newConversation: true,
    }
    await store.broadcasts.settle({ broadcastId: b.id, seq: 2, outcome: other, at: T0 })
    const host = new RuntimeBroadcastHost(
      runtime as Runtime,
      { MARKETING: 2, UTILITY: 1, AUTHENTICATION: 1, utilityFreeInWindow: true },
      () => T0,
    )
    await expect(host.startMany(claimed)).rejects.toThrow(/started already/)
    await runtime.idle()
    expect(adapter.sent).toHaveLength(0)
    for (const p of [phones[0]!, phones[2]!]) expect(await store.contactByPhone(p)).toBeNull()
    const rs = await store.broadcasts.recipients(b.id, { limit: 3 })
    expect(rs.map((r) => [r.state, r.runId])).toEqual([
      ['pending', null],
      ['sent', 'run_elsewhere'],
      ['pending', null],
    ])
  })

  it("a group's template is read once for all its contacts, each given its own copy", async () => {
    const { store, db } = await setUp(null)
    const effects = (store as RuntimeStore).libraryEffects()
    const client = await db.connect()
    try {
      let reads = 0
      const counting = { query: ((...a: Parameters<typeof client.query>) => (reads++, client.query(...a))) as never }
      const memo = new Map<string, Promise<unknown>>()
      const pool = (store as unknown as { pool: pg.Pool }).pool
      const [a, b] = [libraryOn(effects, pool, counting, memo), libraryOn(effects, pool, counting, memo)]
      const first = await a.templates.get('promo', 'en')
      const second = await b.templates.get('promo', 'en')
      expect(first).toMatchObject({ name: 'promo', body: 'Hi' })
      expect(second).toEqual(first)
      expect(second).not.toBe(first)
      expect(reads).toBe(1)
      // Without a memo (a single contact's transaction), each read goes to the database.
      await libraryOn(effects, pool, counting).templates.get('promo', 'en')
      expect(reads).toBe(2)
    } finally {
      client.release()
    }
  })
})
