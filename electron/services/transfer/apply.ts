// Writes checked import content into the studio database: conflicts with existing flows (same id or same name)
// are resolved by the caller's choice, and the whole import is one SQLite transaction (all or nothing).
import { randomUUID } from 'node:crypto'
import type { Database } from 'better-sqlite3'
import { canonicalFlow, type FlowDocument } from '../../../shared/flow'
import { calleesOf, rewireCalls } from '../../../shared/analysis/call-deps'
import { readStoredFlow, storableFlow } from '../store/stored-flow'
import type { Breakpoint } from '../../../shared/engine/debug/types'
import { newId } from '../store/flows'
import { CatalogStore } from '../effects/catalog-store'
import { TemplateStore } from '../effects/template-store'
import { SecretStore } from '../webhook/secrets'
import type { ImportContent, ImportFlow } from './read'
import type { ConflictChoice, ImportConflict, ImportOutcome } from '../../../shared/api/commands/transfer'

export type { ConflictChoice, ImportConflict, ImportOutcome }

interface Existing {
  id: string
  name: string
}

function liveFlows(db: Database): Existing[] {
  return db.prepare('SELECT id, name FROM flows WHERE deleted_at IS NULL').all() as Existing[]
}

/**
 * The flows in the content that meet an existing flow: a flow by id first, then by name; a dependency (a flow the
 * file's flows call) by id alone, since calls name flows by id, and only when its document differs from the studio's.
 */
export function findConflicts(db: Database, content: ImportContent): ImportConflict[] {
  const live = liveFlows(db)
  const flows = content.flows.flatMap(({ document: d }) => {
    const byId = live.find((f) => f.id === d.id)
    const hit = byId ?? live.find((f) => f.name === d.name)
    return hit
      ? [
          {
            flowId: d.id,
            name: d.name,
            existingId: hit.id,
            existingName: hit.name,
            reason: byId ? ('id' as const) : ('name' as const),
            dependency: false,
            calledBy: callersIn(content, d.id),
          },
        ]
      : []
  })
  const documentOf = db.prepare('SELECT document FROM flows WHERE id = ? AND deleted_at IS NULL').pluck()
  const dependencies = content.dependencies.flatMap((d) => {
    const hit = live.find((f) => f.id === d.id)
    const stored = hit && (documentOf.get(d.id) as string)
    if (!hit || !stored || sameDocument(readStoredFlow(stored), d)) return []
    return [
      {
        flowId: d.id,
        name: d.name,
        existingId: hit.id,
        existingName: hit.name,
        reason: 'id' as const,
        dependency: true,
        calledBy: callersIn(content, d.id),
      },
    ]
  })
  return [...flows, ...dependencies]
}

/** Names of the file's flows (and dependencies) that call this id. */
function callersIn(content: ImportContent, flowId: string): string[] {
  return [...content.flows.map((f) => f.document), ...content.dependencies]
    .filter((d) => calleesOf(d).includes(flowId))
    .map((d) => d.name)
}

const sameDocument = (a: FlowDocument, b: FlowDocument) =>
  JSON.stringify(canonicalFlow(storableFlow(a))) === JSON.stringify(canonicalFlow(storableFlow(b)))

/**
 * Keeps the breakpoints a file's flow carries (its document's `debug.breakpoints`) for the flow as stored, inside the
 * import's transaction; answers a note for each one it left out. Breakpoints are the studio's
 * (electron/studio/breakpoints), so the studio and the CLI pass this; without it a file's breakpoints are dropped.
 */
export type BreakpointSink = (
  stored: FlowDocument,
  breakpoints: readonly Breakpoint[],
) => { kept: number; notes: string[] }

/** "name (2)", "name (3)"… the first not taken, within the 120 characters a flow name may have. */
export function freeName(name: string, taken: Set<string>): string {
  if (!taken.has(name)) return name
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`
    const candidate = name.slice(0, 120 - suffix.length) + suffix
    if (!taken.has(candidate)) return candidate
  }
}

export function applyImport(
  db: Database,
  content: ImportContent,
  choose: (conflict: ImportConflict) => ConflictChoice,
  now: () => number = Date.now,
  applySecrets = false,
  keepBreakpoints?: BreakpointSink,
): ImportOutcome[] {
  return db.transaction(() => {
    const conflicts = new Map(findConflicts(db, content).map((c) => [c.flowId, c]))
    const choices = new Map([...conflicts.values()].map((c) => [c.flowId, choose(c)]))
    const idUsed = db.prepare('SELECT 1 FROM flows WHERE id = ?').pluck()
    const known = db.prepare('SELECT 1 FROM flows WHERE id = ? AND deleted_at IS NULL').pluck()
    const taken = new Set(liveFlows(db).map((f) => f.name))
    const entries: Entry[] = [
      ...content.flows.map((f) => ({ ...f, dependency: false })),
      ...content.dependencies.map((document) => ({ document, tests: [], dependency: true })),
    ]
    // First where each flow goes, then the writes: a callee stored under another id (a copy, or a replace of a
    // flow met by name) has every call to it in the file pointed at that id.
    const planned = entries.map((entry): Planned => {
      const d = entry.document
      const conflict = conflicts.get(d.id)
      const choice = choices.get(d.id) ?? null
      // A dependency the studio already has, unchanged, is left as it is: its callers find it by id.
      if (entry.dependency && !conflict && known.get(d.id)) return { entry, doc: null, action: 'skipped' }
      if (choice === 'skip') return { entry, doc: null, action: 'skipped' }
      if (conflict && choice === 'replace')
        // A replace keeps the existing flow's id, so its webhook address and history stay where they were.
        return { entry, doc: { ...d, id: conflict.existingId }, action: 'replaced' }
      if (conflict) {
        // Keep both: the copy keeps its id when only the name met an existing flow, so its webhook address holds.
        const id = conflict.reason === 'id' || idUsed.get(d.id) ? newId('flw') : d.id
        const doc = {
          ...d,
          id,
          name: freeName(d.name, taken),
          webhookSecretRef: id === d.id ? d.webhookSecretRef : null,
        }
        taken.add(doc.name)
        return { entry, doc, action: 'copied' }
      }
      taken.add(d.name)
      return { entry, doc: d, action: 'created' }
    })
    const moved = new Map(
      planned.flatMap((p) => (p.doc && p.doc.id !== p.entry.document.id ? [[p.entry.document.id, p.doc.id]] : [])),
    )
    const outcomes = planned.map(({ entry, doc: planned, action }): ImportOutcome => {
      const d = entry.document
      const base = { flowId: d.id, dependency: entry.dependency }
      if (!planned) return { ...base, name: d.name, action: 'skipped', storedId: null, secretApplied: false }
      const carried = planned.debug?.breakpoints ?? []
      const doc = storableFlow(rewireCalls(planned, moved))
      writeFlow(db, doc, now())
      const kept = !carried.length
        ? null
        : keepBreakpoints
          ? keepBreakpoints(doc, carried)
          : {
              kept: 0,
              notes: [`The file's ${carried.length} breakpoint(s) were not kept: this import does not keep them.`],
            }
      writeTests(db, doc.id, entry.tests, action === 'replaced' && !entry.dependency, now())
      const secretApplied = applySecrets && !!entry.webhookSecret && doc.id === d.id
      // A bundle carries the secret's digest (an older studio's, the secret itself, which is hashed here): the
      // flow accepts the same key here as where it came from, and this database still holds no key.
      if (secretApplied) new SecretStore(db, now).set(doc.id, entry.webhookSecret!)
      return {
        ...base,
        name: doc.name,
        action,
        storedId: doc.id,
        secretApplied,
        ...(kept ? { breakpointsKept: kept.kept, notes: kept.notes } : {}),
      }
    })
    // Library templates the flows need: a missing one is added; an existing one is overwritten only on replace.
    const store = new TemplateStore(db, now)
    const overwrite = [...choices.values()].includes('replace')
    for (const t of content.templates) if (overwrite || !store.get(t.name, t.language)) store.save(t)
    // Catalogue products follow the same rule as templates.
    const catalog = new CatalogStore(db, now)
    for (const p of content.catalog) if (overwrite || !catalog.get(p.catalogId, p.id)) catalog.save(p)
    return outcomes
  })()
}

interface Entry extends ImportFlow {
  dependency: boolean
}

interface Planned {
  entry: Entry
  /** What is written (before its calls are rewired), or null when nothing is. */
  doc: FlowDocument | null
  action: ImportOutcome['action']
}

function writeFlow(db: Database, doc: FlowDocument, at: number): void {
  const json = JSON.stringify(doc)
  const row = db.prepare('SELECT revision FROM flows WHERE id = ?').get(doc.id) as { revision: number } | undefined
  // A soft-deleted flow with this id is brought back: the import is its next revision.
  const revision = row ? row.revision + 1 : 1
  if (row)
    db.prepare(
      'UPDATE flows SET name = ?, active = ?, document = ?, revision = ?, updated_at = ?, deleted_at = NULL WHERE id = ?',
    ).run(doc.name, doc.active ? 1 : 0, json, revision, at, doc.id)
  else
    db.prepare(
      'INSERT INTO flows (id, name, active, document, revision, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?)',
    ).run(doc.id, doc.name, doc.active ? 1 : 0, json, at, at)
  db.prepare('INSERT INTO flow_revisions (flow_id, revision, document, reason, created_at) VALUES (?, ?, ?, ?, ?)').run(
    doc.id,
    revision,
    json,
    'import',
    at,
  )
}

function writeTests(
  db: Database,
  flowId: string,
  tests: { name: string; yaml: string }[],
  replace: boolean,
  at: number,
): void {
  if (replace) db.prepare('DELETE FROM conversation_tests WHERE flow_id = ?').run(flowId)
  const insert = db.prepare(
    `INSERT INTO conversation_tests (id, flow_id, name, yaml, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (flow_id, name) DO UPDATE SET yaml = excluded.yaml, updated_at = excluded.updated_at,
       last_run_at = NULL, last_passed = NULL, last_failures = NULL`,
  )
  for (const t of tests) insert.run(`ct_${randomUUID().replace(/-/g, '').slice(0, 16)}`, flowId, t.name, t.yaml, at, at)
}
