// What the outbox's sent mark reads on PostgreSQL (pg-outbox.ts sent): the marked messages' own rows, found by their
// seq, however many messages of other contacts are pending. A plan that joined the marked seqs against every pending
// row (the pending index, on a table without statistics yet) read them all for each message: one mark per message at
// 1,000/s. Counted with the transaction's own statistics (pg_stat_get_xact_tuples_returned): index entries returned.
import pg from 'pg'
import { afterEach, expect, it } from 'vitest'
import { PgOutbox } from './pg-outbox'
import { describePostgresStore } from './testing/stores'

const T0 = Date.UTC(2026, 5, 1, 12)
const N = 2000
/** Index entries the scans on runtime_outbox returned: this backend's counts not yet flushed, so a difference. */
const returned = async (db: pg.Client) =>
  Number(
    (
      await db.query<{ n: string }>(
        `SELECT sum(pg_stat_get_xact_tuples_returned(indexrelid)) AS n FROM pg_index
          WHERE indrelid = 'runtime_outbox'::regclass`,
      )
    ).rows[0]!.n,
  )

describePostgresStore('a sent mark reads its own messages', (c) => {
  const open: Array<{ close(): Promise<void> }> = []
  afterEach(async () => {
    for (const o of open.splice(0).reverse()) await o.close()
  })

  // A broadcast's first minute: the outbox's rows have no statistics until autovacuum's ANALYZE; and after it.
  it.each([false, true])('not every pending message of the outbox (analyzed: %s)', async (analyzed) => {
    const { store, url } = await c.open()
    open.push(store)
    const db = new pg.Client({ connectionString: url! })
    await db.connect()
    open.push({ close: () => db.end() })
    // Messages of N contacts, one each, waiting (no run: a person's messages, migration 033).
    await db.query(
      `INSERT INTO runtime_outbox (id, contact_id, phone, message, created_at)
       SELECT 'msg_' || i, 'ct_' || i, '+9197' || lpad(i::text, 8, '0'), '{"type":"text","text":"Hi"}', $1
         FROM generate_series(1, $2::int) AS i`,
      [T0, N],
    )
    if (analyzed) await db.query('ANALYZE runtime_outbox')
    const { rows } = await db.query<{ seq: string }>('SELECT seq FROM runtime_outbox ORDER BY seq LIMIT 10')
    const out = new PgOutbox(db)
    // Ten marks on one connection, one message each, as a sender marks them at a paced rate (the statement is
    // prepared once; PostgreSQL may plan it without the values from its sixth run).
    for (const [i, r] of rows.entries()) {
      await db.query('BEGIN')
      const before = await returned(db)
      expect(await out.sent([Number(r.seq)], T0 + 1, [`wamid.${i}`])).toBe(false)
      const read = (await returned(db)) - before
      await db.query('COMMIT')
      // The message by its key, its contact's waiting ones, the run's (none): a few entries, not the 2,000 pending.
      expect({ mark: i, read: read <= 8 ? 'its own rows' : read }).toEqual({ mark: i, read: 'its own rows' })
    }
    const { rows: sent } = await db.query<{ n: string }>(
      "SELECT count(*) AS n FROM runtime_outbox WHERE status = 'sent' AND channel_id LIKE 'wamid.%'",
    )
    expect(Number(sent[0]!.n)).toBe(10)
  })
})
