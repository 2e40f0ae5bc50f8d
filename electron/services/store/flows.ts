import { randomUUID } from 'node:crypto'
import type { Database, Statement } from 'better-sqlite3'
import type { FlowDocument } from '../../../shared/flow/document'
import type { FlowRecord, FlowSort, FlowSummary } from '../../../shared/api'
import { ApiFailure, notFound } from '../failure'
import { copyName, newFlowDocument, nextUntitledName } from './new-flow'
import { currentNodes, readStoredFlow, storableFlow } from './stored-flow'

interface FlowRow {
  id: string
  name: string
  active: number
  revision: number
  created_at: number
  updated_at: number
  node_count: number
  document?: string
}

// node_count is a column (migration 017): counting in SQL parsed every document and failed on any SQLite cannot read.
const SUMMARY_COLUMNS = 'id, name, active, revision, created_at, updated_at, node_count'

function toSummary(row: FlowRow): FlowSummary {
  return {
    id: row.id,
    name: row.name,
    active: row.active === 1,
    nodeCount: row.node_count,
    revision: row.revision,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

export const newId = (prefix: string): string => `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 20)}`

/**
 * Flows in SQLite: the whole document as JSON plus the columns the list needs. Every change to a document is one
 * transaction that bumps `revision` and appends a row to flow_revisions with the reason.
 */
export class FlowStore {
  private readonly sql: Record<string, Statement>

  constructor(
    private readonly db: Database,
    private readonly now: () => number,
  ) {
    this.sql = {
      list: db.prepare(`SELECT ${SUMMARY_COLUMNS} FROM flows WHERE deleted_at IS NULL`),
      get: db.prepare(`SELECT ${SUMMARY_COLUMNS}, document FROM flows WHERE id = ? AND deleted_at IS NULL`),
      names: db.prepare('SELECT name FROM flows WHERE deleted_at IS NULL'),
      active: db.prepare('SELECT document FROM flows WHERE active = 1 AND deleted_at IS NULL'),
      documents: db.prepare('SELECT document FROM flows WHERE deleted_at IS NULL'),
      insert: db.prepare(
        `INSERT INTO flows (id, name, active, document, revision, created_at, updated_at)
         VALUES (@id, @name, @active, @document, 1, @now, @now)`,
      ),
      update: db.prepare(
        `UPDATE flows SET name = @name, active = @active, document = @document, revision = @revision,
         updated_at = @now WHERE id = @id`,
      ),
      revision: db.prepare(
        `INSERT INTO flow_revisions (flow_id, revision, document, reason, created_at)
         VALUES (?, ?, ?, ?, ?)`,
      ),
      softDelete: db.prepare('UPDATE flows SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL'),
      restore: db.prepare('UPDATE flows SET deleted_at = NULL WHERE id = ? AND deleted_at IS NOT NULL'),
      purge: db.prepare('DELETE FROM flows WHERE deleted_at IS NOT NULL'),
    }
  }

  list(search?: string, sort: FlowSort = 'updated'): FlowSummary[] {
    const needle = search?.trim().toLocaleLowerCase() ?? ''
    const rows = (this.sql.list!.all() as FlowRow[]).map(toSummary)
    const found = needle ? rows.filter((f) => f.name.toLocaleLowerCase().includes(needle)) : rows
    const byName = (a: FlowSummary, b: FlowSummary) =>
      a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true }) || a.id.localeCompare(b.id)
    return found.sort(sort === 'name' ? byName : (a, b) => b.updatedAt - a.updatedAt || byName(a, b))
  }

  get(id: string): FlowRecord {
    const row = this.sql.get!.get(id) as FlowRow | undefined
    if (!row?.document) throw notFound('Flow', id)
    return { ...toSummary(row), document: readStoredFlow(row.document) }
  }

  /** Documents of the active flows: the ones a keyword can start. */
  activeDocuments(): FlowDocument[] {
    return (this.sql.active!.all() as Array<{ document: string }>).map((r) => readStoredFlow(r.document))
  }

  /**
   * Documents of every flow (not deleted), for analysis across flows (calls: shared/analysis/calls.ts). A stored
   * document this build cannot read is left out: the flow it belongs to says so when opened.
   */
  documents(): FlowDocument[] {
    return (this.sql.documents!.all() as Array<{ document: string }>).flatMap((r) => {
      try {
        return [readStoredFlow(r.document)]
      } catch {
        return []
      }
    })
  }

  create(name?: string): FlowRecord {
    return this.db.transaction(() => {
      const taken = (this.sql.names!.all() as { name: string }[]).map((r) => r.name)
      const id = newId('flw')
      this.insert(newFlowDocument(id, name ?? nextUntitledName(taken), newId('n')), 'create')
      return this.get(id)
    })()
  }

  duplicate(id: string): FlowRecord {
    return this.db.transaction(() => {
      const source = this.get(id).document
      const copy: FlowDocument = {
        ...structuredClone(source),
        id: newId('flw'),
        name: copyName(source.name),
        active: false,
        // The webhook secret belongs to the original flow; the copy gets its own when it needs one.
        webhookSecretRef: null,
      }
      this.insert(copy, 'duplicate')
      return this.get(copy.id)
    })()
  }

  save(document: FlowDocument, expectedRevision?: number): FlowSummary {
    return this.db.transaction(() => {
      const current = this.get(document.id)
      if (expectedRevision !== undefined && expectedRevision !== current.revision) {
        throw new ApiFailure(
          'conflict',
          `Flow "${current.name}" changed since revision ${expectedRevision} (it is at ${current.revision}). ` +
            'Reload it before saving.',
        )
      }
      return this.write(document, current.revision + 1, 'save')
    })()
  }

  /** Applies a change to the stored document (rename, activate) as a new revision. */
  change(id: string, reason: string, edit: (doc: FlowDocument) => FlowDocument): FlowSummary {
    return this.db.transaction(() => {
      const current = this.get(id)
      return this.write(edit(current.document), current.revision + 1, reason)
    })()
  }

  softDelete(id: string): void {
    if (this.sql.softDelete!.run(this.now(), id).changes === 0) throw notFound('Flow', id)
  }

  restore(id: string): FlowSummary {
    if (this.sql.restore!.run(id).changes === 0) throw notFound('Deleted flow', id)
    const { document: _document, ...summary } = this.get(id)
    return summary
  }

  /** Forgets flows deleted before this session (their undo window has closed). Returns how many. */
  purgeDeleted(): number {
    return this.sql.purge!.run().changes
  }

  private insert(document: FlowDocument, reason: string): void {
    const now = this.now()
    const json = JSON.stringify(storableFlow(currentNodes(document)))
    this.sql.insert!.run({ id: document.id, name: document.name, active: document.active ? 1 : 0, document: json, now })
    this.sql.revision!.run(document.id, 1, json, reason, now)
  }

  /** Every write records this build's node versions; a document a client sent with older nodes is migrated. */
  private write(document: FlowDocument, revision: number, reason: string): FlowSummary {
    const now = this.now()
    const json = JSON.stringify(storableFlow(currentNodes(document)))
    const active = document.active ? 1 : 0
    this.sql.update!.run({ id: document.id, name: document.name, active, document: json, revision, now })
    this.sql.revision!.run(document.id, revision, json, reason, now)
    const { document: _document, ...summary } = this.get(document.id)
    return summary
  }
}

/** The FlowStore of a back end, for `ctx.service(flowStore)`. */
export const flowStore = (ctx: { db: Database; now(): number }): FlowStore => new FlowStore(ctx.db, () => ctx.now())
