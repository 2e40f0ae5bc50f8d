// Published versions on the runtime side. A publish checks the document, then in one SQLite transaction appends
// version N+1, makes it the running document (the flow's row in `flows`) and marks it active: a publish that
// fails or is cut off at any point leaves the previous version running.
import type { Database } from 'better-sqlite3'
import { loadFlow } from '../../../shared/nodes/load-flow'
import { readStoredFlow } from '../store/stored-flow'
import { validateFlow } from '../../../shared/analysis'
import type { FlowDocument } from '../../../shared/flow'
import type { PublishedVersion } from '../../../shared/api/commands/publish'
import { ApiFailure } from '../failure'

export class VersionStore {
  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  /** Checks and stores a document as the flow's next version, and runs it from now on. */
  publish(input: unknown): PublishedVersion {
    return this.store(checkPublishable(input))
  }

  /** Stores a checked document as the flow's next version and runs it, in one transaction. */
  store(doc: FlowDocument): PublishedVersion {
    return this.db.transaction(() => {
      const last = this.db.prepare('SELECT MAX(version) FROM flow_versions WHERE flow_id = ?').pluck().get(doc.id) as
        number | null
      const version = (last ?? 0) + 1
      const at = this.now()
      this.db
        .prepare('INSERT INTO flow_versions (flow_id, version, name, document, published_at) VALUES (?, ?, ?, ?, ?)')
        .run(doc.id, version, doc.name, JSON.stringify(doc), at)
      this.activate(doc, version, 'publish', at)
      return { flowId: doc.id, version, name: doc.name, publishedAt: at, active: true }
    })()
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
  }
}

/**
 * What a runtime accepts as a publish: the document migrated and schema-checked, with no validation error.
 * Throws ApiFailure('invalid_flow') with JSON-pointer issues otherwise. Every store (SQLite, PostgreSQL) uses it.
 */
export function checkPublishable(input: unknown): FlowDocument {
  const loaded = loadFlow(input)
  if (!loaded.ok)
    throw new ApiFailure('invalid_flow', loaded.error.message, [
      { path: pathOf(loaded.error.pointer), message: loaded.error.message },
    ])
  const problems = validateFlow(loaded.document).filter((p) => p.severity === 'error')
  if (problems.length)
    throw new ApiFailure(
      'invalid_flow',
      `The flow has ${problems.length} error${problems.length === 1 ? '' : 's'}: ${problems
        .slice(0, 3)
        .map((p) => p.message)
        .join(' ')}`,
      problems.map((p) => ({ path: pathOf(p.pointer), message: p.message })),
    )
  return loaded.document
}

const pathOf = (pointer: string | undefined) => (pointer ? pointer.split('/').slice(1) : [])
