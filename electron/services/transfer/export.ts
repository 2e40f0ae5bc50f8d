// Builds a bundle from the studio database. Output is canonical (flows by id, tests by name, templates by name and
// language, fixed key order, no timestamps) so export → import → export gives the same bytes.
import type { Database } from 'better-sqlite3'
import { canonicalFlow, type FlowDocument } from '../../../shared/flow'
import { productsUsed, templatesUsed } from '../../../shared/analysis/library-refs'
import { dependenciesOf } from '../../../shared/analysis/call-deps'
import { sortKeysDeep } from '../../../shared/flow/serialise'
import type { MessageTemplate } from '../../../shared/nodes/template_message/run-template'
import { CatalogStore } from '../effects/catalog-store'
import { ApiFailure } from '../failure'
import { readStoredFlow } from '../store/stored-flow'
import { BUNDLE_FORMAT } from './bundle'
import type { Breakpoint } from '../../../shared/engine/debug/types'

export interface ExportOptions {
  /** Flow ids to export; empty or absent means every flow. */
  flowIds?: string[]
  /** Puts each flow's webhook secret into the bundle. Off by default: a bundle is often shared. */
  includeSecrets?: boolean
  /**
   * Puts each exported flow's breakpoints under its document's `debug.breakpoints` (docs/flow-format.md,
   * "Breakpoints"). Absent: no breakpoints. The studio keeps them (electron/studio/breakpoints), so it passes this.
   */
  breakpointsOf?: (document: FlowDocument) => readonly Breakpoint[]
}

export interface ExportResult {
  text: string
  flowCount: number
  /** How many flows the bundle carries as `dependencies` (called by the exported ones). */
  dependencyCount: number
  warnings: string[]
}

const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

export function exportBundle(db: Database, options: ExportOptions = {}): ExportResult {
  const wanted = [...new Set(options.flowIds ?? [])]
  const rows = db.prepare('SELECT id, document FROM flows WHERE deleted_at IS NULL ORDER BY id').all() as {
    id: string
    document: string
  }[]
  const chosen = wanted.length ? rows.filter((r) => wanted.includes(r.id)) : rows
  const missing = wanted.filter((id) => !rows.some((r) => r.id === id))
  if (missing.length) throw new ApiFailure('not_found', `No flow with id ${missing.join(', ')} exists.`)
  const testsOf = db.prepare('SELECT name, yaml FROM conversation_tests WHERE flow_id = ? ORDER BY name')
  const secretOf = db.prepare('SELECT secret FROM webhook_secrets WHERE flow_id = ?').pluck()
  const warnings: string[] = []
  const used = new Map<string, { name: string; language: string }>()
  const productsNeeded = new Set<string>()
  const catalogStore = new CatalogStore(db)
  // The flows the chosen ones call, transitively, travel as `dependencies`: an import then has every callee.
  const docs = new Map<string, FlowDocument>()
  const docOf = (id: string) => {
    const row = rows.find((r) => r.id === id)
    if (row && !docs.has(id)) docs.set(id, readStoredFlow(row.document))
    return docs.get(id)
  }
  const deps = dependenciesOf(
    chosen.map((r) => docOf(r.id)!),
    docOf,
  )
  for (const m of deps.missing)
    warnings.push(
      `Flow "${docOf(m.callerId)!.name}" calls a flow (id ${m.flowId}) this studio does not have; the bundle cannot carry it.`,
    )
  for (const d of deps.docs) {
    for (const t of templatesUsed(d)) used.set(`${t.name}\u0000${t.language}`, t)
    for (const p of productsUsed(d)) productsNeeded.add(`${p.catalogId}\u0000${p.productId}`)
  }
  const flows = chosen.map((row) => {
    const document = docOf(row.id)!
    for (const t of templatesUsed(document)) used.set(`${t.name}\u0000${t.language}`, t)
    for (const p of productsUsed(document)) productsNeeded.add(`${p.catalogId}\u0000${p.productId}`)
    const tests = (testsOf.all(row.id) as { name: string; yaml: string }[]).sort((a, b) => byCode(a.name, b.name))
    const breakpoints = options.breakpointsOf?.(document) ?? []
    const entry: Record<string, unknown> = {
      document: canonicalFlow(
        breakpoints.length ? { ...document, debug: { breakpoints: [...breakpoints] } } : document,
      ),
      tests: tests.map((t) => ({ name: t.name, yaml: t.yaml })),
    }
    if (options.includeSecrets) {
      const secret = secretOf.get(row.id) as string | undefined
      if (secret) entry.webhookSecret = secret
    }
    return entry
  })
  if (options.includeSecrets && flows.some((f) => f.webhookSecret))
    warnings.push(
      'This bundle holds the digests of webhook secrets (never the secrets): a studio that imports it with them ' +
        'accepts the same keys as this one. Share it only with people who may run these flows.',
    )
  const templates = [...used.values()]
    .sort((a, b) => byCode(a.name, b.name) || byCode(a.language, b.language))
    .flatMap((t) => {
      const def = db
        .prepare('SELECT definition FROM message_templates WHERE name = ? AND language = ?')
        .pluck()
        .get(t.name, t.language) as string | undefined
      if (!def) {
        warnings.push(
          `Template "${t.name}" (${t.language}) is used but not in the template library; it is not in the bundle.`,
        )
        return []
      }
      return [sortKeysDeep(JSON.parse(def) as MessageTemplate)]
    })
  const catalog = [...productsNeeded].sort().flatMap((key) => {
    const [catalogId, productId] = key.split('\u0000') as [string, string]
    const product = catalogStore.get(catalogId, productId)
    if (!product) {
      warnings.push(
        `Product "${productId}" of catalogue "${catalogId}" is used but not in the catalogue; it is not in the bundle.`,
      )
      return []
    }
    const { updatedAt: _updatedAt, ...rest } = product
    return [sortKeysDeep(rest)]
  })
  const dependencies = deps.docs.map((d) => canonicalFlow(d))
  const bundle = { format: BUNDLE_FORMAT, flows, dependencies, templates, catalog }
  return {
    text: JSON.stringify(bundle, null, 2) + '\n',
    flowCount: flows.length,
    dependencyCount: dependencies.length,
    warnings,
  }
}
