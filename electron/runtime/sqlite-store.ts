// The runtime's state in the studio's own SQLite database (the default): published versions, runs, trace, messages
// and contacts live in the studio's tables, so `chatflow serve --data-dir` and the studio read the same Flow Logs.
// The runtime's own tables (outbox, inbound message ids, failed deliveries) are in the one schema both stores share
// (electron/studio/db/migrations 012 and 015). The file is held exclusively by one process, so an in-process queue per
// contact is all the serialisation needed. Writes go through a group commit (group-commit.ts): the writes of one
// event-loop turn share one transaction, and each caller is answered once it has committed. A contact's queue
// moves on as soon as its step is written, so the contact's next step runs on top of it in the same turn.
import type { Database, Statement } from 'better-sqlite3'
import type { FlowDocument } from '../../shared/flow/document'
import { createContactsEffect } from '../studio/effects/contacts'
import { createTemplatesEffect, TemplateStore } from '../studio/effects/template-store'
import { CatalogStore, createCatalogueEffect } from '../studio/effects/catalog-store'
import { EMPTY_LIBRARY, storeLibrary, type PublishLibrary } from '../studio/publish/library'
import { VersionStore } from '../studio/publish/versions'
import { readStoredFlow } from '../studio/store/stored-flow'
import { ContactStore, RunStore } from '../studio/runs'
import { toSummary, type RunRow } from '../studio/runs/run-store'
import { SecretStore } from '../studio/webhook/secrets'
import { SEARCH_INDEX_MS, SearchIndexer } from '../studio/logs/search-index'
import { GroupCommit } from './group-commit'
import { KeyedLock } from './keyed-lock'
import { SqliteOutbox } from './sqlite-outbox'
import { SqliteHousekeeping } from './sqlite-housekeeping'
import { SqliteChannel } from './sqlite-channel'
import { LogQueries } from '../studio/logs/queries'
import { localSource, type LogSource } from '../studio/logs/source'
import type { Contact } from '../../shared/engine'
import type { ContactTx, ContactWrites, DeliveryFailure, InboundRecord, RuntimeStore } from './store'

const UNDONE = 'A write this step read was undone (its commit failed): nothing was kept. Try again.'

export class SqliteRuntimeStore implements RuntimeStore {
  readonly kind = 'sqlite'
  private readonly versionStore: VersionStore
  private readonly contactStore: ContactStore
  private readonly runStore: RunStore
  private readonly secrets: SecretStore
  private readonly out: SqliteOutbox
  private readonly housekeeping: SqliteHousekeeping
  private readonly lock = new KeyedLock()
  readonly channel: SqliteChannel
  readonly logs: LogSource
  private readonly writer: GroupCommit
  private readonly stopIndexing: () => void
  private readonly parsed = new Map<string, { revision: number; doc: FlowDocument }>()
  // Read on every message: prepared once.
  private readonly sql: Record<'revision' | 'revisions' | 'document' | 'inbound' | 'record', Statement>

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {
    this.versionStore = new VersionStore(db, now)
    this.contactStore = new ContactStore(db, now)
    this.runStore = new RunStore(db)
    this.secrets = new SecretStore(db, now)
    this.out = new SqliteOutbox(db)
    this.housekeeping = new SqliteHousekeeping(db)
    this.logs = localSource(new LogQueries(db))
    // Steps only mark their runs for search (migration 014); their search rows are built here, behind the writes.
    this.stopIndexing = new SearchIndexer(db).every(SEARCH_INDEX_MS, (err) =>
      process.stderr.write(
        `[runtime] indexing runs for search failed: ${err instanceof Error ? err.message : String(err)}\n`,
      ),
    )
    this.sql = {
      revision: db.prepare('SELECT revision FROM flows WHERE id = ? AND deleted_at IS NULL'),
      revisions: db.prepare('SELECT id, revision FROM flows WHERE deleted_at IS NULL ORDER BY id'),
      document: db.prepare('SELECT document FROM flows WHERE id = ?').pluck(),
      inbound: db.prepare('SELECT * FROM runtime_inbound WHERE message_id = ?'),
      record: db.prepare(
        'INSERT INTO runtime_inbound (message_id, contact_id, action, run_id, received_at) VALUES (?, ?, ?, ?, ?)',
      ),
    }
    this.writer = new GroupCommit(db)
    this.channel = new SqliteChannel(db, this.writer)
  }

  /** The library goes to the studio's own tables, which this runtime's effects (createStudioEffects) read. */
  async publish(document: FlowDocument, library: PublishLibrary = EMPTY_LIBRARY) {
    return this.writer.run(() => {
      storeLibrary(this.db, library, this.now)
      return this.versionStore.store(document)
    })
  }

  /** The studio's own library tables (publishes upsert into them; the studio's editors write them too). */
  libraryEffects() {
    return {
      templates: createTemplatesEffect(new TemplateStore(this.db, this.now)),
      catalogue: createCatalogueEffect(new CatalogStore(this.db, this.now)),
    }
  }

  async versions(flowId: string) {
    return this.versionStore.list(flowId)
  }

  async rollback(flowId: string, version: number) {
    const known = this.versionStore.list(flowId).some((v) => v.version === version)
    return known ? this.writer.run(() => this.versionStore.rollback(flowId, version)) : null
  }

  async runningFlow(flowId: string): Promise<FlowDocument | null> {
    const row = this.sql.revision.get(flowId) as { revision: number } | undefined
    return row ? this.documentOf(flowId, row.revision) : null
  }

  async runningFlows(): Promise<FlowDocument[]> {
    const rows = this.sql.revisions.all() as { id: string; revision: number }[]
    return rows.map((r) => this.documentOf(r.id, r.revision))
  }

  /** Documents are parsed once per revision: keyword matching reads every flow on every message. */
  private documentOf(id: string, revision: number): FlowDocument {
    const cached = this.parsed.get(id)
    if (cached?.revision === revision) return cached.doc
    const json = this.sql.document.get(id) as string
    const doc = readStoredFlow(json)
    this.parsed.set(id, { revision, doc })
    return doc
  }

  async verifySecret(flowId: string, key: string) {
    return this.secrets.verify(flowId, key)
  }

  async ensureSecret(flowId: string, rotate: boolean) {
    return (await this.writer.run(() => (rotate ? this.secrets.rotate(flowId) : this.secrets.ensure(flowId)))).secret
  }

  withContact<T>(phone: string, name: string | undefined, fn: (tx: ContactTx) => Promise<T>): Promise<T> {
    // Failed commits when this call started: if one fails while it runs, what it read may have been undone.
    let epoch = 0
    const undone = () => this.writer.epoch !== epoch
    const done = this.lock.run(phone, async () => {
      epoch = this.writer.epoch
      const contact = this.writer.write(() => {
        const c = this.contactStore.ensure({ phone, name })
        return name && c.name === c.phone && name !== c.name ? this.contactStore.update(c.id, { name }) : c
      })
      let committed = false
      const tx: ContactTx = {
        contact,
        seen: async (messageId) => this.inboundRecord(messageId),
        pausedRun: async () => this.runStore.pausedOf(contact.id),
        runningFlow: (flowId) => this.runningFlow(flowId),
        runningFlows: () => this.runningFlows(),
        contacts: createContactsEffect(this.contactStore),
        commit: async (writes) => {
          if (committed) throw new Error('A contact transaction commits once.')
          committed = true
          if (undone()) throw new Error(UNDONE)
          this.writer.write(() => this.write(contact, writes))
          return []
        },
      }
      return fn(tx)
    })
    // The queue is free once the step is written; the answer waits for the commit of what it wrote and read.
    return done.then(async (value) => {
      await this.writer.committed()
      if (undone()) throw new Error(UNDONE)
      return value
    })
  }

  /** Runs inside the group commit's transaction (its own savepoint): all of it is kept, or none. */
  private write(contact: Contact, writes: ContactWrites): void {
    for (const { flow, step } of writes.steps) this.runStore.write(flow, step)
    this.out.write(contact, writes.steps)
    const r = writes.inbound
    if (r) this.sql.record.run(r.messageId, r.contactId, r.action, r.runId, r.receivedAt)
    if (writes.touchInboundAt !== undefined) this.contactStore.touchInbound(contact.id, writes.touchInboundAt)
  }

  private inboundRecord(messageId: string): InboundRecord | null {
    const row = this.sql.inbound.get(messageId) as
      | {
          message_id: string
          contact_id: string
          action: InboundRecord['action']
          run_id: string | null
          received_at: number
        }
      | undefined
    return row
      ? {
          messageId: row.message_id,
          contactId: row.contact_id,
          action: row.action,
          runId: row.run_id,
          receivedAt: row.received_at,
        }
      : null
  }

  /** Only while no transaction is open: a message is never sent before its step has committed. */
  async claimOutbound(o: { now: number; leaseMs: number; limit: number; perContact: number }) {
    while (this.writer.open) await this.writer.committed().catch(() => undefined)
    return this.out.claim(o.now, o.leaseMs, o.limit, o.perContact)
  }

  async outboundRelease(seqs: number[]) {
    this.out.unlease(seqs)
  }

  async outboundSent(seqs: number[], at: number, channelIds?: Array<string | null>) {
    await this.writer.run(() => this.out.sent(seqs, at, channelIds))
    this.out.unlease(seqs)
    return true
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

  async pausedCandidates(before: number, limit: number, after?: { updatedAt: number; runId: string }) {
    return this.housekeeping.pausedCandidates(before, limit, after)
  }

  async deleteFinishedRuns(before: number, limit: number) {
    return this.housekeeping.deleteFinishedRuns(before, limit)
  }

  async forgetInbound(before: number, limit: number) {
    return this.housekeeping.forgetInbound(before, limit) + (await this.channel.forget(before, limit))
  }

  async deliveryFailures(runId: string): Promise<DeliveryFailure[]> {
    return this.out.failures(runId)
  }

  async run(runId: string) {
    return this.runStore.summary(runId)
  }

  async runsOfContact(contactId: string) {
    const rows = this.db
      .prepare('SELECT * FROM runs WHERE contact_id = ? ORDER BY started_at, rowid')
      .all(contactId) as RunRow[]
    return rows.map(toSummary)
  }

  async runsOfFlow(flowId: string, limit = 1000) {
    return this.runStore.list(flowId, { limit })
  }

  async trace(runId: string) {
    return this.runStore.trace(runId)
  }

  async messages(runId: string) {
    return this.runStore.messages(runId)
  }

  async contactByPhone(phone: string) {
    return this.contactStore.byPhone(phone)
  }

  async close() {
    await this.lock.idle()
    this.stopIndexing()
    this.writer.flush()
    this.db.close()
  }
}
