// The contacts a broadcast goes to, on both stores (electron/services/audience): the CSV import's upsert, the dry
// run's contact states (opted out, last message, with a person) and a segment's contacts.
import type { Database } from 'better-sqlite3'
import pg from 'pg'
import { expect, it } from 'vitest'
import type { BroadcastContact } from '../../shared/broadcast'
import { describeEachStore, type StoreCase } from './testing/stores'
import type { RuntimeStore } from './store'

/** Runs SQL on the store's own database (to set up what other lanes' code writes: opt-outs, takeovers). */
async function sql(c: StoreCase['kind'], store: RuntimeStore, url: string | undefined, text: string, args: unknown[]) {
  if (c === 'sqlite') {
    ;(store as unknown as { db: Database }).db.prepare(text.replace(/\$\d+/g, '?')).run(...args)
    return
  }
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(text, args)
  } finally {
    await client.end()
  }
}

const row = (phone: string, fields: Record<string, string> = {}, name?: string): BroadcastContact => ({
  phone,
  fields,
  ...(name ? { name } : {}),
})

describeEachStore('contact directory', (c) => {
  it('imports new contacts and updates known ones: name when given, fields over, tags added', async () => {
    const { store } = await c.open()
    try {
      const first = await store.directory.upsert(
        [row('+447700900001', { tags: 'vip;uk', city: 'Leeds' }, 'Ann'), row('+447700900002')],
        1000,
      )
      expect(first).toEqual({ imported: 2, updated: 0 })
      const second = await store.directory.upsert(
        [row('+447700900001', { tags: 'UK,new', plan: 'gold' }), row('+447700900003', {}, 'Cy')],
        2000,
      )
      expect(second).toEqual({ imported: 1, updated: 1 })
      const seg = await store.directory.segment({ tags: ['vip'], fields: {} }, 10)
      expect(seg).toEqual([
        { phone: '+447700900001', name: 'Ann', fields: { tags: ['vip', 'uk', 'new'], city: 'Leeds', plan: 'gold' } },
      ])
      const all = await store.directory.segment({ tags: [], fields: {} }, 10)
      expect(all.map((x) => [x.phone, x.name]).sort()).toEqual([
        ['+447700900001', 'Ann'],
        ['+447700900002', '+447700900002'],
        ['+447700900003', 'Cy'],
      ])
      expect(await store.directory.segment({ tags: [], fields: {} }, 1)).toHaveLength(2) // limit + 1: too many
      expect(await store.directory.segment({ tags: [], fields: { city: 'Leeds' } }, 10)).toHaveLength(1)
    } finally {
      await store.close()
    }
  })

  it('tells each number’s state: opted in or out, its last message, with a person', async () => {
    const { store, url } = await c.open()
    try {
      await store.directory.upsert([row('+447700900001'), row('+447700900002'), row('+447700900003')], 1000)
      await sql(c.kind, store, url, 'UPDATE contacts SET opted_in = $1 WHERE phone = $2', [
        c.kind === 'sqlite' ? 0 : false,
        '+447700900002',
      ])
      await sql(c.kind, store, url, 'UPDATE contacts SET last_inbound_at = $1 WHERE phone = $2', [
        5000,
        '+447700900003',
      ])
      await sql(
        c.kind,
        store,
        url,
        "INSERT INTO handovers (id, contact_id, since, by) SELECT 'hnd_1', id, 6000, 'api' FROM contacts WHERE phone = $1",
        ['+447700900003'],
      )
      const states = await store.directory.states(['+447700900001', '+447700900002', '+447700900003', '+447700900009'])
      expect(Object.fromEntries(states)).toEqual({
        '+447700900001': { optedIn: true, lastInboundAt: null, withPerson: false },
        '+447700900002': { optedIn: false, lastInboundAt: null, withPerson: false },
        '+447700900003': { optedIn: true, lastInboundAt: 5000, withPerson: true },
      })
    } finally {
      await store.close()
    }
  })
})
