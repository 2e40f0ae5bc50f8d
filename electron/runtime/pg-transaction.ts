// One transaction on a pooled connection, for the PostgreSQL store's parts (flows, the contact's step).
import type pg from 'pg'
import type { PoolClient } from 'pg'

/** Any client: the pool, or a transaction's connection. */
export type Queryable = Pick<PoolClient, 'query'>

/** `begin` opens the transaction (a contact's also takes its lock in the same round trip). */
export async function transaction<T>(
  pool: pg.Pool,
  fn: (c: PoolClient) => Promise<T>,
  begin: (c: PoolClient) => Promise<unknown> = (c) => c.query('BEGIN'),
): Promise<T> {
  const client = await pool.connect()
  try {
    await begin(client)
    const result = await fn(client)
    await client.query('COMMIT')
    return result
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw err
  } finally {
    client.release()
  }
}
