// Published flows in the studio's SQLite database: their versions (the studio's VersionStore), the running
// documents (parsed once per revision), the library items a publish carries (storeLibrary) and the flows' webhook
// secrets. Writes go through the store's group commit.
import type { Database, Statement } from 'better-sqlite3'
import type { FlowDocument } from '../../shared/flow/document'
import { EMPTY_LIBRARY, storeLibrary, type PublishLibrary } from '../services/publish/library'
import { VersionStore } from '../services/publish/versions'
import { readStoredFlow } from '../services/store/stored-flow'
import { SecretStore } from '../services/webhook/secrets'
import type { GroupCommit } from './group-commit'
import { NewerFlows } from './newer-flows'

export class SqliteFlows {
  private readonly versionStore: VersionStore
  private readonly secrets: SecretStore
  private readonly parsed = new Map<string, { revision: number; doc: FlowDocument }>()
  private readonly newer = new NewerFlows()
  private readonly calls = new Map<string, { doc: FlowDocument; version: number }>()
  // Read on every message: prepared once.
  private readonly sql: Record<'revision' | 'revisions' | 'document' | 'version', Statement>
  private readonly stored = new Map<string, FlowDocument>()

  constructor(
    private readonly db: Database,
    private readonly writer: GroupCommit,
    private readonly now: () => number,
  ) {
    this.versionStore = new VersionStore(db, now)
    this.secrets = new SecretStore(db, now)
    this.sql = {
      revision: db.prepare('SELECT revision FROM flows WHERE id = ? AND deleted_at IS NULL'),
      revisions: db.prepare('SELECT id, revision FROM flows WHERE deleted_at IS NULL ORDER BY id'),
      document: db.prepare('SELECT document FROM flows WHERE id = ?').pluck(),
      version: db.prepare('SELECT document FROM flow_versions WHERE flow_id = ? AND version = ?').pluck(),
    }
  }

  /** The library goes to the studio's own tables, which the store's libraryEffects read. */
  publish(document: FlowDocument, library: PublishLibrary = EMPTY_LIBRARY, callees: FlowDocument[] = []) {
    return this.writer.run(() => {
      storeLibrary(this.db, library, this.now)
      return this.versionStore.storeChecked({ root: document, dependencies: callees })
    })
  }

  /** A call's callee at the version pinned to its caller's (a stored version never changes: cached by both). */
  calledFlow(callerId: string, callerVersion: number | null, calleeId: string) {
    const key = `${callerId}@${callerVersion ?? 'running'}>${calleeId}`
    // The running version moves with a publish or rollback: only a named version's answer is kept.
    const cached = callerVersion === null ? undefined : this.calls.get(key)
    if (cached) return cached
    const found = this.versionStore.pinnedCallee(callerId, callerVersion, calleeId)
    if (found && callerVersion !== null) this.calls.set(key, found)
    return found
  }

  versions(flowId: string) {
    return this.versionStore.list(flowId)
  }

  rollback(flowId: string, version: number) {
    const known = this.versionStore.list(flowId).some((v) => v.version === version)
    return known ? this.writer.run(() => this.versionStore.rollback(flowId, version)) : null
  }

  runningFlow(flowId: string): FlowDocument | null {
    const row = this.sql.revision.get(flowId) as { revision: number } | undefined
    return row ? this.documentOf(flowId, row.revision) : null
  }

  runningFlows(): FlowDocument[] {
    const rows = this.sql.revisions.all() as { id: string; revision: number }[]
    return rows.flatMap((r) => this.newer.runnable(r.id, r.revision, () => this.documentOf(r.id, r.revision)) ?? [])
  }

  /** A stored version's document, parsed once (a stored version never changes); null when there is none. */
  versionFlow(flowId: string, version: number): FlowDocument | null {
    const key = `${flowId}@${version}`
    const cached = this.stored.get(key)
    if (cached) return cached
    const json = this.sql.version.get(flowId, version) as string | undefined
    if (json === undefined) return null
    const doc = this.newer.runnable(flowId, version, () => readStoredFlow(json)) ?? null
    if (doc) this.stored.set(key, doc)
    return doc
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

  verifySecret(flowId: string, key: string) {
    return this.secrets.verify(flowId, key)
  }

  async ensureSecret(flowId: string, rotate: boolean) {
    return (await this.writer.run(() => (rotate ? this.secrets.rotate(flowId) : this.secrets.ensure(flowId)))).secret
  }
}
