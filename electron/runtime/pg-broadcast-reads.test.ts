// What a group's recipient write reads on PostgreSQL (pg-broadcasts.ts writeRecipientsPg): the group's own rows, found
// by the primary key, however many recipients of the broadcast are still pending. A plan that took the pending ones
// off the (broadcast_id, state, seq) index and filtered them by seq read every pending recipient before the group's:
// at 1,000/s that was PostgreSQL's largest statement (3-5 ms a group of 16 in a 20,000 broadcast), and grew with it.
// Counted with the transaction's own statistics (pg_stat_get_xact_tuples_returned): what the scans of the table and its
// indexes returned.
import pg from 'pg'
import { afterEach, expect, it } from 'vitest'
import { writeRecipientsPg } from './pg-broadcasts'
import { describePostgresStore } from './testing/stores'

const T0 = Date.UTC(2026, 5, 1, 12)
const N = 3000
/**
 * Rows the scans of broadcast_recipients returned (index entries, and rows of sequential scans): this backend's counts
 * not yet flushed, so a difference.
 */
const returned = async (db: pg.Client) =>
  Number(
    (
      await db.query<{ n: string }>(
        `SELECT sum(pg_stat_get_xact_tuples_returned(indexrelid)) +
                pg_stat_get_xact_tuples_returned('broadcast_recipients'::regclass) AS n
           FROM pg_index WHERE indrelid = 'broadcast_recipients'::regclass`,
      )
    ).rows[0]!.n,
  )

describePostgresStore('a group of recipients is written off its own rows', (c) => {
  const open: Array<{ close(): Promise<void> }> = []
  afterEach(async () => {
    for (const o of open.splice(0).reverse()) await o.close()
  })

  // A broadcast's first minute: the table's rows have no statistics until autovacuum's ANALYZE (the plan that read every
  // pending recipient was chosen then); and after it.
  it.each([false, true])('reads its own recipients only, not every pending one (analyzed: %s)', async (analyzed) => {
    const { store, url } = await c.open()
    open.push(store)
    const flow = { id: 'flw_reads', name: 'Reads' }
    const b = await store.broadcasts.create(
      { name: 'Big', flowId: flow.id, variables: {} },
      Array.from({ length: N }, (_, i) => ({ phone: `+91970${String(i).padStart(7, '0')}`, dueAt: T0 })),
      T0,
    )
    const db = new pg.Client({ connectionString: url! })
    await db.connect()
    open.push({ close: () => db.end() })
    if (analyzed) await db.query('ANALYZE broadcast_recipients')

    const { rows } = await db.query<{ seq: number }>(
      'SELECT seq FROM broadcast_recipients WHERE broadcast_id = $1 ORDER BY seq LIMIT 160',
      [b.id],
    )
    // Ten groups in turn on one connection, as a serve instance's rounds go: the statement is prepared once, and
    // from its sixth run PostgreSQL may plan it without the values (a generic plan), which is where it went wrong.
    for (let g = 0; g < 10; g++) {
      const seqs = rows.slice(g * 16, g * 16 + 16).map((r) => Number(r.seq))
      await db.query('BEGIN')
      const before = await returned(db)
      await writeRecipientsPg(
        db,
        seqs.map((seq) => ({
          broadcastId: b.id,
          seq,
          at: T0 + 1,
          outcome: {
            state: 'started',
            runId: `run_reads_${seq}`,
            cost: 1,
            templates: ['promo'],
            newConversation: true,
          },
        })),
      )
      const read = (await returned(db)) - before
      const { rows: moved } = await db.query<{ n: string }>(
        "SELECT count(*) AS n FROM broadcast_recipients WHERE broadcast_id = $1 AND state = 'started'",
        [b.id],
      )
      await db.query('COMMIT')
      expect(Number(moved[0]!.n)).toBe(16 * (g + 1))
      // The lock's lookup and the update's: each of the 16 rows found by its key (a few entries each at most), not
      // the broadcast's ~3,000 pending ones.
      expect({ group: g, read: read <= 16 * 4 ? 'its own rows' : read }).toEqual({
        group: g,
        read: 'its own rows',
      })
    }
  })
})
