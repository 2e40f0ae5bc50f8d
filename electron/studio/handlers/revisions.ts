import type { Database } from 'better-sqlite3'
import type { FlowDocument } from '../../../shared/flow/document'
import type { RevisionSummary } from '../../../shared/api/commands/revisions'
import { ApiFailure, notFound } from '../../services/failure'
import { readStoredFlow } from '../../services/store/stored-flow'
import type { AreaHandlers } from './types'

interface RevisionRow {
  revision: number
  reason: string
  created_at: number
  document: string
}

function rows(db: Database, flowId: string, limit: number, before?: number): RevisionRow[] {
  // One row beyond the page, so the oldest revision shown can still say what changed since the one before it.
  return db
    .prepare(
      `SELECT revision, reason, created_at, document FROM flow_revisions
       WHERE flow_id = ? AND revision < ? ORDER BY revision DESC LIMIT ?`,
    )
    .all(flowId, before ?? Number.MAX_SAFE_INTEGER, limit + 1) as RevisionRow[]
}

const plural = (n: number, one: string, many = one + 's') => `${n} ${n === 1 ? one : many}`

/** A short sentence of what changed from `prev` to `next`: nodes added, removed, renamed, edited, moved. */
export function describeChange(prev: FlowDocument | null, next: FlowDocument): string {
  if (!prev) return `Created with ${plural(next.nodes.length, 'node')}`
  const before = new Map(prev.nodes.map((n) => [n.id, n]))
  const after = new Map(next.nodes.map((n) => [n.id, n]))
  const parts: string[] = []
  const list = (verb: string, names: string[]) => {
    if (names.length) parts.push(`${verb} ${names.length > 3 ? plural(names.length, 'node') : names.join(', ')}`)
  }
  list(
    'added',
    next.nodes.filter((n) => !before.has(n.id)).map((n) => n.name),
  )
  list(
    'removed',
    prev.nodes.filter((n) => !after.has(n.id)).map((n) => n.name),
  )
  const renamed: string[] = []
  const edited: string[] = []
  let moved = 0
  for (const n of next.nodes) {
    const old = before.get(n.id)
    if (!old) continue
    if (old.name !== n.name) renamed.push(`${old.name} → ${n.name}`)
    else if (JSON.stringify(old.config) !== JSON.stringify(n.config)) edited.push(n.name)
    if (old.position.x !== n.position.x || old.position.y !== n.position.y) moved++
  }
  if (renamed.length) parts.push(`renamed ${renamed.join(', ')}`)
  list('edited', edited)
  if (moved) parts.push(`moved ${plural(moved, 'node')}`)
  const edgeKey = (d: FlowDocument) => new Set(d.edges.map((e) => `${e.source}/${e.sourcePort}>${e.target}`))
  const [eb, ea] = [edgeKey(prev), edgeKey(next)]
  const connected = [...ea].filter((k) => !eb.has(k)).length
  const disconnected = [...eb].filter((k) => !ea.has(k)).length
  if (connected) parts.push(`${plural(connected, 'connection')} added`)
  if (disconnected) parts.push(`${plural(disconnected, 'connection')} removed`)
  if (prev.name !== next.name) parts.push(`flow renamed to "${next.name}"`)
  if (prev.active !== next.active) parts.push(next.active ? 'activated' : 'deactivated')
  if (parts.length === 0) return 'No changes'
  const text = parts.join('; ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function flowExists(db: Database, flowId: string): void {
  if (!db.prepare('SELECT 1 FROM flows WHERE id = ? AND deleted_at IS NULL').get(flowId)) throw notFound('Flow', flowId)
}

export const revisionsHandlers: AreaHandlers<'revisions'> = {
  'revisions.list': (req, ctx) => {
    flowExists(ctx.db, req.flowId)
    const page = rows(ctx.db, req.flowId, req.limit, req.before)
    const docs = page.map((r) => readStoredFlow(r.document))
    return page.slice(0, req.limit).map((r, i): RevisionSummary => ({
      revision: r.revision,
      reason: r.reason,
      createdAt: r.created_at,
      nodeCount: docs[i]!.nodes.length,
      summary:
        docs[i + 1] || r.revision === 1
          ? describeChange(docs[i + 1] ?? null, docs[i]!)
          : 'Earlier revisions are no longer kept',
    }))
  },
  'revisions.get': (req, ctx) => {
    flowExists(ctx.db, req.flowId)
    const row = ctx.db
      .prepare('SELECT revision, reason, created_at, document FROM flow_revisions WHERE flow_id = ? AND revision = ?')
      .get(req.flowId, req.revision) as RevisionRow | undefined
    if (!row) throw new ApiFailure('not_found', `Revision ${req.revision} of this flow is no longer kept.`)
    return {
      revision: row.revision,
      reason: row.reason,
      createdAt: row.created_at,
      document: readStoredFlow(row.document),
    }
  },
}
