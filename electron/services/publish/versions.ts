// Published versions on the runtime side. A publish checks the document, then in one SQLite transaction appends
// version N+1, makes it the running document (the flow's row in `flows`) and marks it active: a publish that
// fails or is cut off at any point leaves the previous version running.
import type { Database } from 'better-sqlite3'
import { readStoredFlow } from '../store/stored-flow'
import type { FlowDocument } from '../../../shared/flow'
import type { PublishedVersion } from '../../../shared/api/commands/publish'
import { ApiFailure } from '../failure'
import { checkPublishable } from './check'
import {
  checkPublishBundle,
  planPublish,
  publishedOf,
  type CheckedPublish,
  type Pins,
  type StoredHead,
} from './callees'

export { checkPublishable }

export class VersionStore {
  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  /** Checks and stores a document (with the callees it carries) as the flow's next version, and runs it from now on. */
  publish(input: unknown, dependencies?: unknown): PublishedVersion {
    return this.storeChecked(checkPublishBundle(input, dependencies))
  }

  /** Stores a checked document as the flow's next version and runs it, in one transaction. */
  store(doc: FlowDocument): PublishedVersion {
    return this.storeChecked({ root: doc, dependencies: [] })
  }

  /**
   * Stores a checked publish in one transaction: the callees' versions it needs (callees.ts), then the caller's,
   * which runs from now on and pins them.
   */
  storeChecked(checked: CheckedPublish): PublishedVersion {
    return this.db.transaction(() => {
      const plan = planPublish(checked, {
        head: (id) => this.head(id),
        active: (id) => this.active(id),
        running: (id) => this.runningDocument(id),
      })
      const at = this.now()
      const insert = this.db.prepare(
        'INSERT INTO flow_versions (flow_id, version, name, document, published_at) VALUES (?, ?, ?, ?, ?)',
      )
      const pin = this.db.prepare(
        'INSERT INTO flow_version_calls (flow_id, version, callee_id, callee_version) VALUES (?, ?, ?, ?)',
      )
      for (const w of plan.writes) {
        insert.run(w.doc.id, w.version, w.doc.name, JSON.stringify(w.doc), at)
        for (const [callee, version] of Object.entries(w.calls)) pin.run(w.doc.id, w.version, callee, version)
      }
      const doc = plan.root.doc
      this.activate(doc, plan.root.version, 'publish', at)
      return publishedOf(plan, at)
    })()
  }

  /** The latest stored version of a flow with its pins, or null for a flow never published. */
  private head(flowId: string): StoredHead | null {
    const row = this.db
      .prepare('SELECT version, document FROM flow_versions WHERE flow_id = ? ORDER BY version DESC LIMIT 1')
      .get(flowId) as { version: number; document: string } | undefined
    if (!row) return null
    return { version: row.version, document: readStoredFlow(row.document), calls: this.pins(flowId, row.version) }
  }

  private runningDocument(flowId: string): FlowDocument | null {
    const json = this.db
      .prepare(
        'SELECT v.document FROM published_flows p JOIN flow_versions v ON v.flow_id = p.flow_id AND v.version = p.active_version WHERE p.flow_id = ?',
      )
      .pluck()
      .get(flowId) as string | undefined
    return json ? readStoredFlow(json) : null
  }

  private active(flowId: string): number | null {
    return (
      (this.db.prepare('SELECT active_version FROM published_flows WHERE flow_id = ?').pluck().get(flowId) as
        number | undefined) ?? null
    )
  }

  private pins(flowId: string, version: number): Pins {
    const rows = this.db
      .prepare('SELECT callee_id, callee_version FROM flow_version_calls WHERE flow_id = ? AND version = ?')
      .all(flowId, version) as { callee_id: string; callee_version: number }[]
    return Object.fromEntries(rows.map((r) => [r.callee_id, r.callee_version]))
  }

  /**
   * The callee version a caller's version was published with (pinned), with its document: what the runtime's
   * FlowSource answers a call with. `callerVersion` null: the version the caller runs now. Null when there is none.
   */
  pinnedCallee(
    callerId: string,
    callerVersion: number | null,
    calleeId: string,
  ): { doc: FlowDocument; version: number } | null {
    const version = callerVersion ?? this.active(callerId)
    if (version === null) return null
    const pinned = this.db
      .prepare('SELECT callee_version FROM flow_version_calls WHERE flow_id = ? AND version = ? AND callee_id = ?')
      .pluck()
      .get(callerId, version, calleeId) as number | undefined
    if (pinned === undefined) return null
    const json = this.db
      .prepare('SELECT document FROM flow_versions WHERE flow_id = ? AND version = ?')
      .pluck()
      .get(calleeId, pinned) as string | undefined
    return json ? { doc: readStoredFlow(json), version: pinned } : null
  }

  list(flowId: string): PublishedVersion[] {
    const active = this.db
      .prepare('SELECT active_version FROM published_flows WHERE flow_id = ?')
      .pluck()
      .get(flowId) as number | undefined
    const rows = this.db
      .prepare('SELECT version, name, published_at FROM flow_versions WHERE flow_id = ? ORDER BY version DESC')
      .all(flowId) as { version: number; name: string; published_at: number }[]
    return rows.map((r) => ({
      flowId,
      version: r.version,
      name: r.name,
      publishedAt: r.published_at,
      active: r.version === active,
    }))
  }

  /** Runs an earlier version again (no new version number: the history says which one runs). */
  rollback(flowId: string, version: number): PublishedVersion {
    return this.db.transaction(() => {
      const row = this.db
        .prepare('SELECT document, published_at FROM flow_versions WHERE flow_id = ? AND version = ?')
        .get(flowId, version) as { document: string; published_at: number } | undefined
      if (!row) throw new ApiFailure('not_found', `Flow ${flowId} has no published version ${version}.`)
      const doc = readStoredFlow(row.document)
      this.activate(doc, version, 'rollback', this.now())
      return { flowId, version, name: doc.name, publishedAt: row.published_at, active: true }
    })()
  }

  private activate(doc: FlowDocument, version: number, reason: string, at: number): void {
    const json = JSON.stringify(doc)
    const row = this.db.prepare('SELECT revision FROM flows WHERE id = ?').get(doc.id) as
      { revision: number } | undefined
    const revision = row ? row.revision + 1 : 1
    if (row)
      this.db
        .prepare(
          'UPDATE flows SET name = ?, active = ?, document = ?, revision = ?, updated_at = ?, deleted_at = NULL WHERE id = ?',
        )
        .run(doc.name, doc.active ? 1 : 0, json, revision, at, doc.id)
    else
      this.db
        .prepare(
          'INSERT INTO flows (id, name, active, document, revision, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?)',
        )
        .run(doc.id, doc.name, doc.active ? 1 : 0, json, at, at)
    this.db
      .prepare('INSERT INTO flow_revisions (flow_id, revision, document, reason, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(doc.id, revision, json, `${reason} v${version}`, at)
    this.db
      .prepare(
        `INSERT INTO published_flows (flow_id, active_version, activated_at) VALUES (?, ?, ?)
         ON CONFLICT (flow_id) DO UPDATE SET active_version = excluded.active_version, activated_at = excluded.activated_at`,
      )
      .run(doc.id, version, at)
    // Another version runs now (a publish, a rollback, the end of a split): a split of the flow ends with it
    // (docs/runtime.md, "A/B split"); runs it started go on with their versions.
    this.db.prepare('DELETE FROM flow_splits WHERE flow_id = ?').run(doc.id)
    this.db.prepare('DELETE FROM flow_split_assignments WHERE flow_id = ?').run(doc.id)
  }
}
