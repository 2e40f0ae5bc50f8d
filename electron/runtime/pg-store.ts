// The runtime's state in PostgreSQL, shared by several instances. One contact at a time, across instances: each
// call of withContact is one transaction that first takes pg_advisory_xact_lock on a hash of the phone number,
// then reads the session, runs the engine, writes the step and the message id (primary key: a second insert of the
// same id fails the transaction), and commits, which releases the lock. Within a process a queue per contact
// sits in front, so waiting calls do not each hold a pooled connection. The transaction's round trips are few
// (pg-step.ts). Each concern has its own file, as the SQLite store's: pg-flows, pg-runs, pg-outbox,
// pg-housekeeping, pg-channel, pg-logs, pg-library. docs/runtime.md has the reasoning.
import { PgSplits } from './pg-splits'
import { PgContactDirectory } from './pg-directory'
import pg from 'pg'
import type { PoolClient } from 'pg'
import type { FlowDocument } from '../../shared/flow/document'
import type { PublishLibrary } from '../services/publish/library'
import { KeyedLock } from './keyed-lock'
import { createPgLibraryEffects, libraryOn } from './pg-library'
import { PgFlows } from './pg-flows'
import {
  beginForContact,
  contactsEffect,
  openContact,
  openContactsLocked,
  seen,
  writeContactStep,
  writeContactSteps,
  type TrafficOptions,
  type OpenedContact,
} from './pg-step'
import { migrate } from './pg-schema'
import { PgChannel } from './pg-channel'
import { PgLogs } from './pg-logs'
import { PgTraffic } from './pg-traffic'
import { TrafficFolder } from './pg-traffic-fold'
import { PgOutbox } from './pg-outbox'
import { PgHousekeeping } from './pg-housekeeping'
import { PgWakes } from './pg-wakes'
import { PgRuns } from './pg-runs'
import { newestRun, PgHandovers, recentMessages } from './pg-handovers'
import { transaction } from './pg-transaction'
import { PgBroadcastStore } from './pg-broadcasts'
import { pgSendPace } from './pg-send-pace'
import type { ContactTx, ContactWrites, DeliveryFailure, OutboxItem, RuntimeStore } from './store'

// bigint columns hold epoch milliseconds: well inside Number's exact range, so read them as numbers.
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === 20 ? Number : pg.types.getTypeParser(oid, format as 'text'),
}

export class PgRuntimeStore implements RuntimeStore {
  readonly kind = 'postgres'
  private readonly lock = new KeyedLock()
  private closed = false
  private readonly flows: PgFlows
  private readonly runs: PgRuns
  private readonly out: PgOutbox
  private readonly housekeeping: PgHousekeeping
  private readonly wakes: PgWakes
  private readonly splits: PgSplits
  readonly channel: PgChannel
  readonly broadcasts: PgBroadcastStore
  readonly logs: PgLogs
  readonly traffic: PgTraffic
  readonly handovers: PgHandovers
  readonly directory: PgContactDirectory
  /** Folds the steps' pending traffic counts into the aggregates after this instance wrote some (pg-traffic-fold.ts). */
  private readonly folder: TrafficFolder

  private constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
    private readonly trafficOn: boolean,
  ) {
    this.traffic = new PgTraffic(pool)
    this.folder = new TrafficFolder(pool)
    this.flows = new PgFlows(pool, now)
    this.runs = new PgRuns(pool)
    this.out = new PgOutbox(pool)
    this.housekeeping = new PgHousekeeping(pool)
    this.wakes = new PgWakes(pool)
    this.splits = new PgSplits(pool)
    this.channel = new PgChannel(pool)
    this.broadcasts = new PgBroadcastStore(pool)
    this.logs = new PgLogs(pool)
    this.handovers = new PgHandovers(pool)
    this.directory = new PgContactDirectory(pool)
  }

  /** Connects, migrates the schema, and answers once the database is usable. */
  /** `traffic: false` keeps no traffic aggregates (only to measure what they cost: CHATFLOW_TRAFFIC=off). */
  static async open(
    url: string,
    opts: { now?: () => number; poolSize?: number; traffic?: boolean } = {},
  ): Promise<PgRuntimeStore> {
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
    return new PgRuntimeStore(pool, opts.now ?? Date.now, opts.traffic !== false)
  }

  publish(doc: FlowDocument, library?: PublishLibrary, callees?: FlowDocument[]) {
    return this.flows.publish(doc, library, callees)
  }

  calledFlow(callerId: string, callerVersion: number | null, calleeId: string) {
    return this.flows.calledFlow(this.pool, callerId, callerVersion, calleeId)
  }

  /** The number's send pace, shared by every instance on this database (pg-send-pace.ts). */
  sendPace(number: string) {
    return pgSendPace(this.pool, number)
  }

  /** The templates and products publishes carried (pg-library.ts). */
  libraryEffects() {
    return createPgLibraryEffects(this.pool)
  }

  versions(flowId: string) {
    return this.flows.versions(flowId)
  }

  rollback(flowId: string, version: number) {
    return this.flows.rollback(flowId, version)
  }

  runningFlow(flowId: string) {
    return this.flows.runningFlow(flowId)
  }

  split(flowId: string) {
    return this.splits.get(flowId)
  }

  putSplit(flowId: string, versions: [number, number], percent: number, now: number) {
    return this.splits.put(flowId, versions, percent, now)
  }

  runningFlows() {
    return this.flows.runningFlows()
  }

  verifySecret(flowId: string, key: string) {
    return this.flows.verifySecret(flowId, key)
  }

  ensureSecret(flowId: string, rotate: boolean) {
    return this.flows.ensureSecret(flowId, rotate)
  }

  withContact<T>(phone: string, name: string | undefined, fn: (tx: ContactTx) => Promise<T>): Promise<T> {
    const begin = (c: PoolClient) => beginForContact(c, phone)
    return this.lock.run(phone, async () => {
      let committed = false
      const out = await transaction(
        this.pool,
        async (c) => {
          const opened = await openContact(c, phone, name, this.now())
          return fn(
            this.contactTx(c, opened, async (writes) => {
              if (committed) throw new Error('A contact transaction commits once.')
              committed = true
              return writeContactStep(c, opened.contact, writes, this.trafficOf(opened))
            }),
          )
        },
        begin,
      )
      // Once committed: a fold that starts after this sees the step's pending counts.
      if (committed && this.trafficOn) this.folder.wrote()
      return out
    })
  }

  /**
   * One transaction for several contacts (the wake scheduler's batches): one round trip for BEGIN, every lock and
   * the read of the contacts and their paused runs, one write of every step, one COMMIT; instead of four round
   * trips and a commit per contact. This process's per-contact queue is not taken: the advisory locks order the
   * batch against every other transaction, and a batch holds its connection only while it waits for those.
   */
  async withContacts<T>(
    phones: string[],
    fn: (tx: ContactTx, index: number) => Promise<{ result: T; writes: ContactWrites | null }>,
    opts: { create?: Array<string | undefined> } = {},
  ): Promise<Array<{ result: T; leased: OutboxItem[] } | null>> {
    if (opts.create && new Set(phones).size < phones.length)
      throw new Error('A batch that creates its contacts names each phone once.')
    let opened = new Map<string, OpenedContact>()
    let wrote = false
    const created = new Set<string>()
    // The batch's template and product reads, once per item for all its contacts (one snapshot's worth of library).
    const memo = new Map<string, Promise<unknown>>()
    const out = await transaction(
      this.pool,
      async (c) => {
        const results: Array<{ result: T; writes: ContactWrites | null; opened: OpenedContact } | null> = []
        for (const [i, phone] of phones.entries()) {
          const o = opened.get(phone)
          if (!o) {
            results.push(null)
            continue
          }
          const tx = this.contactTx(
            c,
            o,
            () => {
              throw new Error('A contact of a batch returns its writes; it does not commit.')
            },
            memo,
          )
          results.push({ ...(await fn(tx, i)), opened: o })
        }
        // A contact this batch created for a call that wrote nothing (a recipient the daily limit held) is not kept.
        const unused = results.flatMap((r) =>
          r && !r.writes && created.has(r.opened.contact.id) ? [r.opened.contact.id] : [],
        )
        if (unused.length) await c.query('DELETE FROM contacts WHERE id = ANY($1::text[])', [unused])
        const writing = results.flatMap((r) => (r?.writes ? [{ contact: r.opened.contact, writes: r.writes }] : []))
        // Every contact of a batch was read with the same pointers (openContactsLocked).
        const first = results.find((r) => r?.writes)?.opened
        const leased = writing.length ? await writeContactSteps(c, writing, first ? this.trafficOf(first) : {}) : []
        wrote = writing.length > 0
        let k = 0
        return results.map((r) => (r ? { result: r.result, leased: r.writes ? leased[k++]! : [] } : null))
      },
      async (c) => {
        opened = await openContactsLocked(
          c,
          phones,
          opts.create ? { names: opts.create, at: this.now(), created } : undefined,
        )
      },
    )
    if (wrote && this.trafficOn) this.folder.wrote()
    return out
  }

  /** A run starting in this transaction runs the version its pointers name (read with the contact). */
  private trafficOf(opened: OpenedContact): TrafficOptions {
    return { off: !this.trafficOn, versionOf: (flowId) => opened.pointers.get(flowId) ?? null }
  }

  private contactTx(
    c: PoolClient,
    opened: OpenedContact,
    commit: ContactTx['commit'],
    memo?: Map<string, Promise<unknown>>,
  ): ContactTx {
    const { contact, pointers } = opened
    return {
      contact,
      seen: (messageId) => seen(c, messageId),
      pausedRun: async () => opened.paused,
      runningFlow: (flowId) => {
        const version = pointers.get(flowId)
        return version === undefined ? Promise.resolve(null) : this.flows.documentOf(c, flowId, version)
      },
      calledFlow: (callerId, callerVersion, calleeId) =>
        this.flows.calledFlow(c, callerId, callerVersion, calleeId, pointers.get(callerId)),
      splits: async () => opened.splits,
      versionFlow: (flowId, version) => this.flows.versionOf(c, flowId, version),
      runningFlows: async () => {
        const ids = [...pointers.keys()].sort()
        const docs = await Promise.all(ids.map((id) => this.flows.runnableOf(c, id, pointers.get(id)!)))
        return docs.filter((doc): doc is FlowDocument => doc !== null)
      },
      contacts: contactsEffect(c, this.now),
      library: (effects) => libraryOn(effects, this.pool, c, memo),
      recentMessages: (limit) => recentMessages(c, contact.id, limit),
      newestRun: () => newestRun(c, contact.id),
      commit,
    }
  }

  claimOutbound(o: { now: number; leaseMs: number; limit: number; perContact: number }) {
    return this.out.claim(o.now, o.leaseMs, o.limit, o.perContact)
  }

  outboundRelease(seqs: number[]) {
    return this.out.release(seqs)
  }

  outboundSent(seqs: number[], at: number, channelIds?: Array<string | null>) {
    return this.out.sent(seqs, at, channelIds)
  }

  outboundRetry(seq: number, attempts: number, nextAt: number, error: string) {
    return this.out.retry(seq, attempts, nextAt, error)
  }

  outboundFailed(seq: number, failure: DeliveryFailure) {
    return this.out.failed(seq, failure)
  }

  outbox(runId: string) {
    return this.out.entries(runId)
  }

  deliveryFailures(runId: string) {
    return this.out.failures(runId)
  }

  pausedCandidates(before: number, limit: number, after?: { updatedAt: number; runId: string }) {
    return this.housekeeping.pausedCandidates(before, limit, after)
  }

  deleteFinishedRuns(before: number, limit: number) {
    return this.housekeeping.deleteFinishedRuns(before, limit)
  }

  async forgetInbound(before: number, limit: number) {
    const n = (await this.housekeeping.forgetInbound(before, limit)) + (await this.channel.forget(before, limit))
    return n + (await this.handovers.forget(before, limit))
  }

  claimDue(opts: { now: number; leaseMs: number; limit: number }) {
    return this.wakes.claimDue(opts)
  }

  releaseDue(runId: string, at: number) {
    return this.wakes.release(runId, at)
  }

  nextDue(now: number) {
    return this.wakes.nextDue(now)
  }

  runHandle(runId: string) {
    return this.wakes.runHandle(runId)
  }

  waitingCount() {
    return this.wakes.waitingCount()
  }

  run(runId: string) {
    return this.runs.run(runId)
  }

  runsOfContact(contactId: string) {
    return this.runs.runsOfContact(contactId)
  }

  runsOfFlow(flowId: string, limit = 1000) {
    return this.runs.runsOfFlow(flowId, limit)
  }

  trace(runId: string) {
    return this.runs.trace(runId)
  }

  messages(runId: string) {
    return this.runs.messages(runId)
  }

  contactByPhone(phone: string) {
    return this.runs.contactByPhone(phone)
  }

  /** Idempotent: a test may close a store that a crashed instance's runtime still holds. */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    await this.lock.idle()
    await this.folder.stop()
    await this.pool.end()
  }
}
