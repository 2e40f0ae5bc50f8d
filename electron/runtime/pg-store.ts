// The runtime's state in PostgreSQL, shared by several instances. One contact at a time, across instances: each
// call of withContact is one transaction that first takes pg_advisory_xact_lock on a hash of the phone number,
// then reads the session, runs the engine, writes the step and the message id (primary key: a second insert of the
// same id fails the transaction), and commits, which releases the lock. Within a process a queue per contact
// sits in front, so waiting calls do not each hold a pooled connection. The transaction's round trips are few
// (pg-step.ts). docs/runtime.md has the reasoning.
import pg from 'pg'
import type { PoolClient } from 'pg'
import type { PublishedVersion } from '../../shared/api/commands/publish'
import type { FlowDocument } from '../../shared/flow/document'
import { generateSecret, hashSecret, hintOf, verifyStoredSecret } from '../studio/webhook/secrets'
import { KeyedLock } from './keyed-lock'
import { EMPTY_LIBRARY, type PublishLibrary } from '../studio/publish/library'
import { createPgLibraryEffects, writeLibrary } from './pg-library'
import { activate, documentOf, runningFlow, runningFlows } from './pg-flows'
import { beginForContact, openContact, writeContactStep } from './pg-step'
import { migrate } from './pg-schema'
import { PgChannel } from './pg-channel'
import { PgLogs } from './pg-logs'
import * as out from './pg-outbox'
import * as housekeeping from './pg-housekeeping'
import { toDeliveryFailure, type DeliveryRow } from './outbox-rows'
import { readMessages, readRuns, readTrace, toContact, type ContactRow } from './pg-runs'
import type { ContactTx, DeliveryFailure, InboundRecord, RuntimeStore } from './store'

// bigint columns hold epoch milliseconds: well inside Number's exact range, so read them as numbers.
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === 20 ? Number : pg.types.getTypeParser(oid, format as 'text'),
}

export class PgRuntimeStore implements RuntimeStore {
  readonly kind = 'postgres'
  private readonly lock = new KeyedLock()
  private readonly docs = new Map<string, FlowDocument>()
  private closed = false
  readonly channel: PgChannel
  readonly logs: PgLogs

  private constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
  ) {
    this.channel = new PgChannel(pool)
    this.logs = new PgLogs(pool)
  }

  /** Connects, migrates the schema, and answers once the database is usable. */
  static async open(url: string, opts: { now?: () => number; poolSize?: number } = {}): Promise<PgRuntimeStore> {
    const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10, types: types as pg.CustomTypesConfig })
    pool.on('error', () => undefined) // an idle client dropped by the server is replaced on next use
    try {
      const client = await pool.connect()
      try {
        await migrate(client)
      } finally {
        client.release()
      }
    } catch (err) {
      await pool.end().catch(() => undefined)
      throw err
    }
    return new PgRuntimeStore(pool, opts.now ?? Date.now)
  }

  /** `begin` opens the transaction (a contact's also takes its lock in the same round trip). */
  private async transaction<T>(
    fn: (c: PoolClient) => Promise<T>,
    begin: (c: PoolClient) => Promise<unknown> = (c) => c.query('BEGIN'),
  ): Promise<T> {
    const client = await this.pool.connect()
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

  publish(doc: FlowDocument, library: PublishLibrary = EMPTY_LIBRARY): Promise<PublishedVersion> {
    return this.transaction(async (c) => {
      await c.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`flow:${doc.id}`])
      const { rows } = await c.query<{ v: number | null }>(
        'SELECT MAX(version) AS v FROM flow_versions WHERE flow_id = $1',
        [doc.id],
      )
      const version = (rows[0]?.v ?? 0) + 1
      const at = this.now()
      await c.query(
        'INSERT INTO flow_versions (flow_id, version, name, document, published_at) VALUES ($1, $2, $3, $4, $5)',
        [doc.id, version, doc.name, JSON.stringify(doc), at],
      )
      await writeLibrary(c, library, at)
      await activate(c, doc.id, version, at)
      return { flowId: doc.id, version, name: doc.name, publishedAt: at, active: true }
    })
  }

  /** The templates and products publishes carried (pg-library.ts). */
  libraryEffects() {
    return createPgLibraryEffects(this.pool)
  }

  async versions(flowId: string): Promise<PublishedVersion[]> {
    const { rows } = await this.pool.query(
      `SELECT v.version, v.name, v.published_at, (p.active_version = v.version) AS active FROM flow_versions v
       LEFT JOIN published_flows p ON p.flow_id = v.flow_id WHERE v.flow_id = $1 ORDER BY v.version DESC`,
      [flowId],
    )
    return rows.map((r) => ({
      flowId,
      version: r.version,
      name: r.name,
      publishedAt: r.published_at,
      active: r.active === true,
    }))
  }

  rollback(flowId: string, version: number): Promise<PublishedVersion | null> {
    return this.transaction(async (c) => {
      const { rows } = await c.query(
        'SELECT name, published_at FROM flow_versions WHERE flow_id = $1 AND version = $2',
        [flowId, version],
      )
      if (!rows[0]) return null
      await activate(c, flowId, version, this.now())
      return { flowId, version, name: rows[0].name, publishedAt: rows[0].published_at, active: true }
    })
  }

  runningFlow(flowId: string) {
    return runningFlow(this.pool, this.docs, flowId)
  }

  runningFlows() {
    return runningFlows(this.pool, this.docs)
  }

  async verifySecret(flowId: string, key: string): Promise<boolean> {
    const { rows } = await this.pool.query<{ secret: string }>(
      'SELECT secret FROM webhook_secrets WHERE flow_id = $1',
      [flowId],
    )
    return verifyStoredSecret(key, rows[0]?.secret ?? null)
  }

  /** Only the digest and the last 4 characters are stored; the whole secret is answered once, here. */
  async ensureSecret(flowId: string, rotate: boolean): Promise<string | null> {
    const at = this.now()
    const secret = generateSecret()
    const sql = rotate
      ? `INSERT INTO webhook_secrets (flow_id, secret, hint, created_at, rotated_at) VALUES ($1, $2, $3, $4, $4)
         ON CONFLICT (flow_id) DO UPDATE SET secret = excluded.secret, hint = excluded.hint,
           rotated_at = excluded.rotated_at`
      : `INSERT INTO webhook_secrets (flow_id, secret, hint, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (flow_id) DO NOTHING`
    const { rowCount } = await this.pool.query(sql, [flowId, hashSecret(secret), hintOf(secret), at])
    return rowCount ? secret : null
  }

  withContact<T>(phone: string, name: string | undefined, fn: (tx: ContactTx) => Promise<T>): Promise<T> {
    const begin = (c: PoolClient) => beginForContact(c, phone)
    return this.lock.run(phone, () =>
      this.transaction(async (c) => {
        const opened = await openContact(c, phone, name, this.now())
        const { contact, pointers } = opened
        const flowOf = (flowId: string) => {
          const version = pointers.get(flowId)
          return version === undefined ? Promise.resolve(null) : documentOf(c, this.docs, flowId, version)
        }
        let committed = false
        const tx: ContactTx = {
          contact,
          seen: async (messageId) => {
            const { rows } = await c.query({
              name: 'chatflow_seen',
              text: 'SELECT * FROM runtime_inbound WHERE message_id = $1',
              values: [messageId],
            })
            const r = rows[0]
            return r
              ? ({
                  messageId: r.message_id,
                  contactId: r.contact_id,
                  action: r.action,
                  runId: r.run_id,
                  receivedAt: r.received_at,
                } as InboundRecord)
              : null
          },
          pausedRun: async () => opened.paused,
          runningFlow: flowOf,
          runningFlows: async () =>
            Promise.all([...pointers.keys()].sort().map((id) => flowOf(id) as Promise<FlowDocument>)),
          contacts: {
            get: async (id) => {
              const { rows } = await c.query<ContactRow>('SELECT * FROM contacts WHERE id = $1', [id])
              return rows[0] ? toContact(rows[0]) : null
            },
            update: async (id, patch) => {
              if (patch.phone !== undefined)
                throw new Error('A contact is identified by its phone number; it cannot be changed.')
              const { rows } = await c.query<ContactRow>(
                `UPDATE contacts SET name = COALESCE($2, name), opted_in = COALESCE($3, opted_in), fields = COALESCE($4, fields),
                 updated_at = $5 WHERE id = $1 RETURNING *`,
                [
                  id,
                  patch.name ?? null,
                  patch.optedIn ?? null,
                  patch.fields ? JSON.stringify(patch.fields) : null,
                  this.now(),
                ],
              )
              if (!rows[0]) throw new Error(`Contact ${id} does not exist.`)
              return toContact(rows[0])
            },
          },
          commit: async (writes) => {
            if (committed) throw new Error('A contact transaction commits once.')
            committed = true
            return writeContactStep(c, contact, writes)
          },
        }
        return fn(tx)
      }, begin),
    )
  }

  claimOutbound(o: { now: number; leaseMs: number; limit: number; perContact: number }) {
    return out.claimOutbox(this.pool, o.now, o.leaseMs, o.limit, o.perContact)
  }

  outboundRelease(seqs: number[]) {
    return out.outboxRelease(this.pool, seqs)
  }

  outboundSent(seqs: number[], at: number, channelIds?: Array<string | null>) {
    return out.outboxSent(this.pool, seqs, at, channelIds)
  }

  outboundRetry(seq: number, attempts: number, nextAt: number, error: string) {
    return out.outboxRetry(this.pool, seq, attempts, nextAt, error)
  }

  outboundFailed(seq: number, failure: DeliveryFailure) {
    return out.outboxFailed(this.pool, seq, failure)
  }

  outbox(runId: string) {
    return out.outboxEntries(this.pool, runId)
  }

  pausedCandidates(before: number, limit: number, after?: { updatedAt: number; runId: string }) {
    return housekeeping.pausedCandidates(this.pool, before, limit, after)
  }

  deleteFinishedRuns(before: number, limit: number) {
    return housekeeping.deleteFinishedRuns(this.pool, before, limit)
  }

  async forgetInbound(before: number, limit: number) {
    return (await housekeeping.forgetInbound(this.pool, before, limit)) + (await this.channel.forget(before, limit))
  }

  async deliveryFailures(runId: string): Promise<DeliveryFailure[]> {
    const { rows } = await this.pool.query<DeliveryRow>(
      'SELECT * FROM runtime_deliveries WHERE run_id = $1 ORDER BY id',
      [runId],
    )
    return rows.map(toDeliveryFailure)
  }

  async run(runId: string) {
    return (await readRuns(this.pool, 'id = $1', [runId]))[0] ?? null
  }

  runsOfContact(contactId: string) {
    return readRuns(this.pool, 'contact_id = $1', [contactId], 'ORDER BY started_at, seq')
  }

  runsOfFlow(flowId: string, limit = 1000) {
    return readRuns(this.pool, 'flow_id = $1', [flowId, limit], 'ORDER BY started_at DESC, seq DESC LIMIT $2')
  }

  trace(runId: string) {
    return readTrace(this.pool, runId)
  }

  messages(runId: string) {
    return readMessages(this.pool, runId)
  }

  async contactByPhone(phone: string) {
    const { rows } = await this.pool.query<ContactRow>('SELECT * FROM contacts WHERE phone = $1', [phone])
    return rows[0] ? toContact(rows[0]) : null
  }

  /** Idempotent: a test may close a store that a crashed instance's runtime still holds. */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    await this.lock.idle()
    await this.pool.end()
  }
}
