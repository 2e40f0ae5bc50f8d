// What travels with a publish besides the document: the message templates and catalogue products the flow's
// Template Message, SPM and MPM nodes name, so the runtime can send them (docs/publish-api.md, "library").
// Checked whole before anything is stored: a bad item refuses the publish with the item's path.
import type { Database } from 'better-sqlite3'
import { z } from 'zod'
import type { FlowDocument } from '../../../shared/flow/document'
import { productsUsed, templatesUsed } from '../../../shared/analysis/library-refs'
import { CatalogProductSchema, type CatalogProduct } from '../../../shared/nodes/spm/run-catalog'
import {
  MessageTemplateSchema,
  templateProblems,
  type MessageTemplate,
} from '../../../shared/nodes/template_message/run-template'
import { CatalogStore } from '../effects/catalog-store'
import { TemplateStore } from '../effects/template-store'
import { ApiFailure } from '../failure'

export interface PublishLibrary {
  templates: MessageTemplate[]
  catalog: CatalogProduct[]
}

export const EMPTY_LIBRARY: PublishLibrary = { templates: [], catalog: [] }

const LibrarySchema = z.object({
  templates: z.array(MessageTemplateSchema).default([]),
  catalog: z.array(CatalogProductSchema).default([]),
})

/** The body's `library` checked (absent: nothing travels); throws invalid_flow with one issue per bad field. */
export function checkLibrary(input: unknown): PublishLibrary {
  if (input === undefined || input === null) return EMPTY_LIBRARY
  const parsed = LibrarySchema.safeParse(input)
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({
      path: ['library', ...i.path.map((k) => (typeof k === 'number' ? k : String(k)))],
      message: i.message,
    }))
    throw new ApiFailure(
      'invalid_flow',
      `The library is not valid: ${issues[0]!.path.join('.')}: ${issues[0]!.message}`,
      issues,
    )
  }
  // The channel's rules too (parameters, limits), as the studio's template library enforces on save.
  const issues = parsed.data.templates.flatMap((t, i) =>
    templateProblems(t).map((message) => ({ path: ['library', 'templates', i], message })),
  )
  if (issues.length)
    throw new ApiFailure(
      'invalid_flow',
      `The library is not valid: template ${issues[0]!.path[2]}: ${issues[0]!.message}`,
      issues,
    )
  return parsed.data
}

/**
 * The templates and products the documents use (a flow and the flows it calls), as this studio's library holds
 * them; `missing` names what it lacks.
 */
export function libraryFor(
  db: Database,
  docs: FlowDocument | FlowDocument[],
): { library: PublishLibrary; missing: string[] } {
  const templates = new TemplateStore(db)
  const catalog = new CatalogStore(db)
  const library: PublishLibrary = { templates: [], catalog: [] }
  const missing: string[] = []
  const seen = new Set<string>()
  const all = Array.isArray(docs) ? docs : [docs]
  for (const ref of all.flatMap((d) => templatesUsed(d))) {
    if (seen.has(`t:${ref.name}:${ref.language}`)) continue
    seen.add(`t:${ref.name}:${ref.language}`)
    const t = templates.get(ref.name, ref.language)
    if (!t) missing.push(`Template ${ref.name} (${ref.language}) is used but not in the template library.`)
    else library.templates.push(strip(t))
  }
  for (const ref of all.flatMap((d) => productsUsed(d))) {
    if (seen.has(`p:${ref.catalogId}:${ref.productId}`)) continue
    seen.add(`p:${ref.catalogId}:${ref.productId}`)
    const p = catalog.get(ref.catalogId, ref.productId)
    if (!p) missing.push(`Product ${ref.productId} of catalogue ${ref.catalogId} is used but not in the catalogue.`)
    else library.catalog.push(strip(p))
  }
  return { library, missing }
}

/** Upserts the items into the studio tables; the caller holds the transaction. */
export function storeLibrary(db: Database, library: PublishLibrary, now: () => number = Date.now): void {
  const templates = new TemplateStore(db, now)
  const catalog = new CatalogStore(db, now)
  for (const t of library.templates) templates.save(t)
  for (const p of library.catalog) catalog.save(p)
}

function strip<T extends { updatedAt: number }>(item: T): Omit<T, 'updatedAt'> {
  const { updatedAt: _at, ...rest } = item
  return rest
}
