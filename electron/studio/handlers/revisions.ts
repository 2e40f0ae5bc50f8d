import type { Database } from 'better-sqlite3'
import type { FlowDocument } from '../../../shared/flow/document'
import type { RevisionSummary } from '../../../shared/api/commands/revisions'
import { ApiFailure, notFound } from '../../services/failure'
import { RevisionStore, type RevisionRow } from '../../services/store/revisions'
import { readStoredFlow } from '../../services/store/stored-flow'
import type { AreaHandlers } from './types'

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

const gone = (revision: number) => new ApiFailure('not_found', `Revision ${revision} of this flow is no longer kept.`)

/** A page of summaries; the row beyond the page (if any) is what the oldest shown is compared with. */
function summaries(rows: RevisionRow[], limit: number, publishedAs: ReturnType<RevisionStore['publishedAs']>) {
  const docs = rows.map((r) => readStoredFlow(r.document))
  return rows.slice(0, limit).map((r, i): RevisionSummary => {
    const prev = rows[i + 1]
    // Named revisions outlive the ones around them, so the one before may be further back than r.revision - 1.
    const since = prev && prev.revision !== r.revision - 1 ? `Since revision ${prev.revision}: ` : ''
    const change = prev || r.revision === 1 ? describeChange(docs[i + 1] ?? null, docs[i]!) : null
    return {
      revision: r.revision,
      reason: r.reason,
      createdAt: r.created_at,
      nodeCount: docs[i]!.nodes.length,
      summary: change === null ? 'Earlier revisions are no longer kept' : since ? since + lowerFirst(change) : change,
      label: r.label,
      description: r.description,
      published: publishedAs.get(r.revision) ?? [],
    }
  })
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1)

export const revisionsHandlers: AreaHandlers<'revisions'> = {
  'revisions.list': (req, ctx) => {
    flowExists(ctx.db, req.flowId)
    const store = new RevisionStore(ctx.db)
    if (!req.named)
      return summaries(store.page(req.flowId, req.limit, req.before), req.limit, store.publishedAs(req.flowId))
    // Named ones are compared with the revision just before each, whether or not that one has a name.
    const named = store.page(req.flowId, req.limit, req.before, true).slice(0, req.limit)
    const publishedAs = store.publishedAs(req.flowId)
    return named.map((r) => summaries(store.page(req.flowId, 1, r.revision + 1), 1, publishedAs)[0]!)
  },
  'revisions.get': (req, ctx) => {
    flowExists(ctx.db, req.flowId)
    const row = new RevisionStore(ctx.db).get(req.flowId, req.revision)
    if (!row) throw gone(req.revision)
    return {
      revision: row.revision,
      reason: row.reason,
      createdAt: row.created_at,
      label: row.label,
      description: row.description,
      document: readStoredFlow(row.document),
    }
  },
  'revisions.name': (req, ctx) => {
    flowExists(ctx.db, req.flowId)
    const store = new RevisionStore(ctx.db)
    if (!store.name(req.flowId, req.revision, req.label, req.description || null)) throw gone(req.revision)
    return summaries(store.page(req.flowId, 1, req.revision + 1), 1, store.publishedAs(req.flowId))[0]!
  },
  'revisions.published': (req, ctx) => {
    if (req.flowId) flowExists(ctx.db, req.flowId)
    const drafts = new Map(
      (
        ctx.db.prepare('SELECT id, revision FROM flows WHERE deleted_at IS NULL').all() as Array<{
          id: string
          revision: number
        }>
      ).map((f) => [f.id, f.revision]),
    )
    return new RevisionStore(ctx.db)
      .published(req.flowId)
      .map((p) => ({ ...p, draftRevision: drafts.get(p.flowId) ?? p.revision }))
  },
}
