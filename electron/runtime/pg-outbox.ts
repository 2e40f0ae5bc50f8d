// The PostgreSQL store's outbox (runtime_outbox, schema step 12), shared by every instance. A claim is one UPDATE
// whose candidates are locked with SKIP LOCKED and re-checked after the lock, so two instances never lease the same
// message, and a contact's next message is only a candidate once the one before it is sent or failed (the heads
// subquery): one message per contact in flight across all instances.
import type { Queryable } from './pg-transaction'
import { CHAINS, HEADS, toDeliveryFailure, toItem, type DeliveryRow, type OutboxRow } from './outbox-rows'
import type { DeliveryFailure, OutboxEntry, OutboxItem } from './store'

export class PgOutbox {
  constructor(private readonly pool: Queryable) {}

  /**
   * The heads are locked (SKIP LOCKED) and re-checked after the lock; the messages after a head need no lock of their
   * own: no other sender can reach them while their head is leased to this one.
   */
  async claim(now: number, leaseMs: number, limit: number, perContact: number): Promise<OutboxItem[]> {
    const { rows } = await this.pool.query<OutboxRow>(
      `WITH ready AS (
       SELECT o.seq, o.contact_id FROM (${HEADS('runtime_outbox')}) h JOIN runtime_outbox o ON o.seq = h.seq
        WHERE o.status = 'pending' AND o.next_at <= $1 AND o.lease_until <= $1
        ORDER BY o.seq LIMIT $3 FOR UPDATE OF o SKIP LOCKED)
     UPDATE runtime_outbox SET lease_until = $2 WHERE seq IN (${CHAINS('runtime_outbox', '$4')}) AND status = 'pending'
     RETURNING *`,
      [now, now + leaseMs, limit, perContact],
    )
    return rows.sort((a, b) => Number(a.seq) - Number(b.seq)).map(toItem)
  }

  async release(seqs: number[]): Promise<void> {
    await this.pool.query("UPDATE runtime_outbox SET lease_until = 0 WHERE seq = ANY($1) AND status = 'pending'", [
      seqs,
    ])
  }

  /**
   * Marks the messages sent and answers whether unsent messages of their contacts wait that no sender holds (due,
   * no live lease): written behind this chain while it was being sent, so they need a claim now. Read in the same
   * statement (its snapshot still shows the marked rows pending, so they are left out by seq).
   */
  async sent(seqs: number[], at: number, channelIds: Array<string | null> = []): Promise<boolean> {
    const { rows } = await this.pool.query<{ waiting: boolean }>({
      name: 'chatflow_outbox_sent',
      text: `WITH sent AS (
       UPDATE runtime_outbox o SET status = 'sent', attempts = o.attempts + 1, lease_until = 0, done_at = $2, channel_id = sent.channel_id
         FROM unnest($1::bigint[], $3::text[]) AS sent (seq, channel_id) WHERE o.seq = sent.seq AND o.status = 'pending'
       RETURNING o.contact_id, o.run_id),
     -- A broadcast recipient whose run's messages are now all sent is sent (the runner's settling, without polling
     -- every started recipient: at 1,000/s that polling was a good part of the database's work). The statement's
     -- snapshot still reads these messages pending, hence the seq <> ALL.
     settled AS (
       UPDATE broadcast_recipients r SET state = 'sent', updated_at = $2
        WHERE r.state = 'started' AND r.run_id IN (SELECT run_id FROM sent)
          AND NOT EXISTS (SELECT 1 FROM runtime_outbox p WHERE p.run_id = r.run_id AND p.status <> 'sent'
                            AND p.seq <> ALL($1::bigint[])))
     SELECT EXISTS (
       SELECT 1 FROM runtime_outbox p WHERE p.contact_id IN (SELECT contact_id FROM sent) AND p.status = 'pending'
          AND p.seq <> ALL($1::bigint[]) AND p.lease_until <= $2 AND p.next_at <= $2) AS waiting`,
      values: [seqs, at, seqs.map((_, i) => channelIds[i] ?? null)],
    })
    return rows[0]?.waiting === true
  }

  async retry(seq: number, attempts: number, nextAt: number, error: string): Promise<void> {
    await this.pool.query(
      "UPDATE runtime_outbox SET attempts = $2, next_at = $3, lease_until = 0, last_error = $4 WHERE seq = $1 AND status = 'pending'",
      [seq, attempts, nextAt, error],
    )
  }

  /**
   * One statement: the failure is recorded only by the sender that moved the message to 'failed', and only for a
   * run's message (a person's reply to a customer with no run fails on its outbox row alone).
   */
  async failed(seq: number, f: DeliveryFailure): Promise<void> {
    await this.pool.query(
      `WITH failed AS (
       UPDATE runtime_outbox SET status = 'failed', attempts = $2, lease_until = 0, last_error = $3, done_at = $4
        WHERE seq = $1 AND status = 'pending' RETURNING seq)
     INSERT INTO runtime_deliveries (run_id, contact_id, message, adapter, attempts, error, at)
       SELECT $5, $6, $7, $8, $2, $3, $4 FROM failed WHERE $5::text IS NOT NULL`,
      [seq, f.attempts, f.error, f.at, f.runId, f.contactId, JSON.stringify(f.message), f.adapter],
    )
  }

  async entries(runId: string): Promise<OutboxEntry[]> {
    const { rows } = await this.pool.query(
      'SELECT id, status, attempts, last_error FROM runtime_outbox WHERE run_id = $1 ORDER BY seq',
      [runId],
    )
    return rows.map((r) => ({ id: r.id, status: r.status, attempts: r.attempts, lastError: r.last_error }))
  }

  async failures(runId: string): Promise<DeliveryFailure[]> {
    const { rows } = await this.pool.query<DeliveryRow>(
      'SELECT * FROM runtime_deliveries WHERE run_id = $1 ORDER BY id',
      [runId],
    )
    return rows.map(toDeliveryFailure)
  }
}
