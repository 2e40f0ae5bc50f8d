// The runtime's state in the studio's own SQLite database (the default): published versions, runs, trace, messages
// and contacts live in the studio's tables, so `chatflow serve --data-dir` and the studio read the same Flow Logs.
// The runtime's own tables (outbox, inbound message ids, failed deliveries) are in the one schema both stores share
// (electron/services/db/migrations 012 and 015). The file is held exclusively by one process, so an in-process queue per
// contact is all the serialisation needed. Writes go through a group commit (group-commit.ts): the writes of one
// event-loop turn share one transaction, and each caller is answered once it has committed. A contact's queue
// moves on as soon as its step is written, so the contact's next step runs on top of it in the same turn. Each
// concern has its own file, as the PostgreSQL store's: sqlite-flows, sqlite-step, sqlite-runs, sqlite-outbox,
// sqlite-housekeeping, sqlite-channel (Flow Logs are the studio's LogQueries).
import { SqliteContactDirectory } from '../services/audience/sqlite-directory'
import type { ContactDirectory } from '../services/audience/directory'
import type { Database } from 'better-sqlite3'
import type { FlowDocument } from '../../shared/flow/document'
import { createContactsEffect } from '../services/effects/contacts'
import { createTemplatesEffect, TemplateStore } from '../services/effects/template-store'
import { CatalogStore, createCatalogueEffect } from '../services/effects/catalog-store'
import type { PublishLibrary } from '../services/publish/library'
import { ContactStore, RunStore } from '../services/runs'
import { SEARCH_INDEX_MS, SearchIndexer } from '../services/logs/search-index'
import { LogQueries } from '../services/logs/queries'
import { localSource, type LogSource } from '../services/logs/source'
import { GroupCommit } from './group-commit'
import { KeyedLock } from './keyed-lock'
import { SqliteFlows } from './sqlite-flows'
import { SqliteStep } from './sqlite-step'
import { SqliteRuns } from './sqlite-runs'
import { SqliteOutbox } from './sqlite-outbox'
import { SqliteHousekeeping } from './sqlite-housekeeping'
import { SqliteWakes } from './sqlite-wakes'
import { SqliteChannel } from './sqlite-channel'
import { SqliteHandovers } from './sqlite-handovers'
import { SqliteSplits } from './sqlite-splits'
import { SqliteBroadcastStore } from '../services/broadcast/sqlite-broadcasts'
import type { ContactTx, DeliveryFailure, RuntimeStore } from './store'
import { localTraffic, type TrafficSource } from '../services/traffic/source'
import { SqliteTrafficQueries } from '../services/traffic/sqlite-traffic'
import { SqliteEdgeRuns } from '../services/traffic/sqlite-edge-runs'
import type { TrafficBatch } from '../services/traffic/run-traffic'
import { FOLD_EVERY_MS } from '../services/traffic/pending'

const UNDONE = 'A write this step read was undone (its commit failed): nothing was kept. Try again.'

export class SqliteRuntimeStore implements RuntimeStore {
  readonly kind = 'sqlite'
  private readonly contactStore: ContactStore
  private readonly runStore: RunStore
  private readonly flows: SqliteFlows
  private readonly step: SqliteStep
  private readonly runs: SqliteRuns
  private readonly out: SqliteOutbox
  private readonly housekeeping: SqliteHousekeeping
  private readonly wakes: SqliteWakes
  private readonly splits: SqliteSplits
  private readonly lock = new KeyedLock()
  readonly channel: SqliteChannel
  readonly broadcasts: SqliteBroadcastStore
  readonly logs: LogSource
  readonly traffic: TrafficSource
  readonly handovers: SqliteHandovers
  readonly directory: ContactDirectory
  private readonly writer: GroupCommit
  private readonly stopIndexing: () => void
  /** The traffic counts of the open transaction's steps (appended before its commit). */
  private pendingTraffic: TrafficBatch | null = null
  /** A commit appended pending traffic counts since the last fold; the fold's timer (null: aggregates off). */
  private trafficAppended = false
  private foldTimer: NodeJS.Timeout | null = null

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
    opts: { traffic?: boolean } = {},
  ) {
    this.contactStore = new ContactStore(db, now)
    // A run's version is the published version it started on (the running document is that version's).
    const published = db.prepare('SELECT active_version FROM published_flows WHERE flow_id = ?').pluck()
    this.runStore = new RunStore(db, {
      traffic: opts.traffic,
      deferTraffic: true,
      versionOf: (flowId) => (published.get(flowId) as number | undefined) ?? null,
    })
    this.writer = new GroupCommit(db)
    // The steps of a transaction append their traffic counts as one pending row, before its commit (migration 034),
    // folded into the aggregates about once a second and before every read: a commit holds a step or two under
    // load, and adding to the four aggregate tables put a page of each and eight upserts into every commit.
    this.writer.onBeforeCommit(() => {
      const batch = this.pendingTraffic
      this.pendingTraffic = null
      if (!batch || batch.empty || !this.runStore.traffic) return
      this.runStore.traffic.append(batch)
      this.trafficAppended = true
    })
    if (this.runStore.traffic) {
      this.foldTimer = setInterval(() => this.foldTrafficBehind(), FOLD_EVERY_MS)
      this.foldTimer.unref()
    }
    this.flows = new SqliteFlows(db, this.writer, now)
    this.splits = new SqliteSplits(db, this.writer)
    this.out = new SqliteOutbox(db)
    this.handovers = new SqliteHandovers(db, this.writer)
    this.step = new SqliteStep(db, this.runStore, this.contactStore, this.out, this.handovers, this.splits)
    this.runs = new SqliteRuns(db, this.runStore, this.contactStore)
    this.housekeeping = new SqliteHousekeeping(db)
    this.wakes = new SqliteWakes(db)
    this.channel = new SqliteChannel(db, this.writer)
    this.broadcasts = new SqliteBroadcastStore(db, { write: (fn) => this.writer.run(fn), ownsFile: true })
    this.logs = localSource(new LogQueries(db))
    this.traffic = localTraffic(new SqliteTrafficQueries(db), new SqliteEdgeRuns(db))
    this.directory = new SqliteContactDirectory(db, (fn) => this.writer.run(fn))
    // Steps only mark their runs for search (migration 014); their search rows are built here, behind the writes.
    this.stopIndexing = new SearchIndexer(db).every(SEARCH_INDEX_MS, (err) =>
      process.stderr.write(
        `[runtime] indexing runs for search failed: ${err instanceof Error ? err.message : String(err)}\n`,
      ),
    )
  }

  async publish(document: FlowDocument, library?: PublishLibrary, callees?: FlowDocument[]) {
    return this.flows.publish(document, library, callees)
  }

  async calledFlow(callerId: string, callerVersion: number | null, calleeId: string) {
    return this.flows.calledFlow(callerId, callerVersion, calleeId)
  }

  /** The studio's own library tables (publishes upsert into them; the studio's editors write them too). */
  libraryEffects() {
    return {
      templates: createTemplatesEffect(new TemplateStore(this.db, this.now)),
      catalogue: createCatalogueEffect(new CatalogStore(this.db, this.now)),
    }
  }

  async versions(flowId: string) {
    return this.flows.versions(flowId)
  }

  async rollback(flowId: string, version: number) {
    return this.flows.rollback(flowId, version)
  }

  async runningFlow(flowId: string): Promise<FlowDocument | null> {
    return this.flows.runningFlow(flowId)
  }

  async runningFlows(): Promise<FlowDocument[]> {
    return this.flows.runningFlows()
  }

  async split(flowId: string) {
    return this.splits.get(flowId)
  }

  putSplit(flowId: string, versions: [number, number], percent: number, now: number) {
    return this.splits.put(flowId, versions, percent, now)
  }

  async verifySecret(flowId: string, key: string) {
    return this.flows.verifySecret(flowId, key)
  }

  async ensureSecret(flowId: string, rotate: boolean) {
    return this.flows.ensureSecret(flowId, rotate)
  }

  withContact<T>(phone: string, name: string | undefined, fn: (tx: ContactTx) => Promise<T>): Promise<T> {
    // Failed commits when this call started: if one fails while it runs, what it read may have been undone.
    let epoch = 0
    const undone = () => this.writer.epoch !== epoch
    // Messages the step leased to the sender: theirs once committed; their leases dropped if that failed.
    let leased: number[] = []
    const done = this.lock.run(phone, async () => {
      epoch = this.writer.epoch
      const contact = this.writer.write(() => {
        const c = this.contactStore.ensure({ phone, name })
        const named = name && c.name === c.phone && name !== c.name ? this.contactStore.update(c.id, { name }) : c
        // With its open takeover: while a person has the conversation, the core routes nothing.
        return { ...named, handover: this.handovers.current(c.id) }
      })
      let committed = false
      const tx: ContactTx = {
        contact,
        seen: async (messageId) => this.step.seen(messageId),
        pausedRun: async () => this.runStore.pausedOf(contact.id),
        runningFlow: (flowId) => this.runningFlow(flowId),
        runningFlows: () => this.runningFlows(),
        splits: async () => this.splits.seen(contact.id),
        versionFlow: async (flowId, version) => this.flows.versionFlow(flowId, version),
        calledFlow: (callerId, callerVersion, calleeId) => this.calledFlow(callerId, callerVersion, calleeId),
        contacts: createContactsEffect(this.contactStore),
        recentMessages: async (limit) => this.handovers.recentMessages(contact.id, limit),
        newestRun: async () => this.handovers.newestRun(contact.id),
        commit: async (writes) => {
          if (committed) throw new Error('A contact transaction commits once.')
          committed = true
          if (undone()) throw new Error(UNDONE)
          const { leased: items, traffic } = this.writer.write(() => this.step.write(contact, writes))
          // Counted only once its savepoint held: a step that failed alone adds nothing.
          // The transaction's first write's batch becomes its pending one as it is (a commit often holds one).
          if (traffic && !traffic.empty)
            if (this.pendingTraffic) this.pendingTraffic.absorb(traffic)
            else this.pendingTraffic = traffic
          leased = items.map((i) => i.seq)
          return items
        },
      }
      return fn(tx)
    })
    // The queue is free once the step is written; the answer waits for the commit of what it wrote and read.
    // Whatever fails, leases the caller never receives are dropped: a claim (the poll's at the latest) sends what
    // was committed.
    return done
      .then(async (value) => {
        await this.writer.committed()
        if (undone()) throw new Error(UNDONE)
        return value
      })
      .catch((err: unknown) => {
        this.out.unlease(leased)
        throw err
      })
  }

  /** Only while no transaction is open: a message is never sent before its step has committed. */
  async claimOutbound(o: { now: number; leaseMs: number; limit: number; perContact: number }) {
    while (this.writer.open) await this.writer.committed().catch(() => undefined)
    return this.out.claim(o.now, o.leaseMs, o.limit, o.perContact)
  }

  async outboundWaiting(contactId: string, o: { now: number; leaseMs: number; perContact: number }) {
    while (this.writer.open) await this.writer.committed().catch(() => undefined)
    return this.out.chainOf(contactId, o.now, o.leaseMs, o.perContact)
  }

  async outboundRelease(seqs: number[]) {
    this.out.unlease(seqs)
  }

  async outboundSent(seqs: number[], at: number, channelIds?: Array<string | null>) {
    // A sent mark commits with the next step (or within SOON_MS): a crash before loses only the mark, and the
    // message goes again after the restart, as at least once allows.
    const waiting = await this.writer.runSoon(() => this.out.sent(seqs, at, channelIds))
    this.out.unlease(seqs)
    return waiting
  }

  async outboundRetry(seq: number, attempts: number, nextAt: number, error: string) {
    await this.writer.run(() => this.out.retry(seq, attempts, nextAt, error))
    this.out.unlease([seq])
  }

  async outboundFailed(seq: number, failure: DeliveryFailure) {
    await this.writer.run(() => this.out.failed(seq, failure))
    this.out.unlease([seq])
  }

  async outbox(runId: string) {
    return this.out.entries(runId)
  }

  async deliveryFailures(runId: string): Promise<DeliveryFailure[]> {
    return this.out.failures(runId)
  }

  async pausedCandidates(before: number, limit: number, after?: { updatedAt: number; runId: string }) {
    return this.housekeeping.pausedCandidates(before, limit, after)
  }

  async deleteFinishedRuns(before: number, limit: number) {
    return this.housekeeping.deleteFinishedRuns(before, limit)
  }

  async forgetInbound(before: number, limit: number) {
    const n = this.housekeeping.forgetInbound(before, limit) + (await this.channel.forget(before, limit))
    return n + (await this.handovers.forget(before, limit))
  }

  async claimDue(opts: { now: number; leaseMs: number; limit: number }) {
    return this.wakes.claimDue(opts)
  }

  async releaseDue(runId: string, at: number) {
    this.wakes.release(runId, at)
  }

  async nextDue(now: number) {
    return this.wakes.nextDue(now)
  }

  async runHandle(runId: string) {
    return this.wakes.runHandle(runId)
  }

  async waitingCount() {
    return this.wakes.waitingCount()
  }

  async run(runId: string) {
    return this.runs.run(runId)
  }

  async runsOfContact(contactId: string) {
    return this.runs.runsOfContact(contactId)
  }

  async runsOfFlow(flowId: string, limit = 1000) {
    return this.runs.runsOfFlow(flowId, limit)
  }

  async trace(runId: string) {
    return this.runs.trace(runId)
  }

  async messages(runId: string) {
    return this.runs.messages(runId)
  }

  async contactByPhone(phone: string) {
    return this.runs.contactByPhone(phone)
  }

  /**
   * Folds the pending traffic counts into the aggregates now, in the open transaction (one is opened when none is);
   * answers how many pending rows it folded. Reads fold by themselves: this is for whoever reads the tables' rows.
   */
  foldTraffic(): number {
    const traffic = this.runStore.traffic
    return traffic ? this.writer.write(() => traffic.fold()) : 0
  }

  /** The timer's fold: only after commits appended counts; a fold that fails is tried again at the next tick. */
  private foldTrafficBehind(): void {
    if (!this.trafficAppended) return
    this.trafficAppended = false
    try {
      this.foldTraffic()
    } catch {
      this.trafficAppended = true
    }
  }

  async close() {
    await this.lock.idle()
    this.stopIndexing()
    if (this.foldTimer) clearInterval(this.foldTimer)
    // Left pending, the counts would be folded at the next read or start: folded now, the file holds them as totals.
    if (this.trafficAppended) this.foldTrafficBehind()
    this.writer.flush()
    this.db.close()
  }
}
