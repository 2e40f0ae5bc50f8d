// The template and catalogue library of `chatflow run` and `chatflow test` (docs/testing.md, "The library on the
// command line"). A library file is read by the studio's own import reader (a library.json like
// resources/examples/library.json is the templates and catalogue of a bundle), so a file the examples dialog or
// Import accepts is accepted here and one it refuses is refused with the same words. Nothing here writes to a
// studio database: a file's items are looked up before the database's.
import fs from 'node:fs'
import path from 'node:path'
import type { Database } from 'better-sqlite3'
import type { Effects } from '../../../shared/engine/effects'
import type { CatalogProduct } from '../../../shared/nodes/spm/run-catalog'
import type { MessageTemplate } from '../../../shared/nodes/template_message/run-template'
import { CatalogStore, createCatalogueEffect } from '../../services/effects/catalog-store'
import { TemplateStore, createTemplatesEffect } from '../../services/effects/template-store'
import { BUNDLE_FORMAT } from '../../services/transfer/bundle'
import { formatProblem, readImportFile } from '../../services/transfer/read'
import { readInputFile } from './input-file'
import { checkJsonBounds } from '../../../shared/json/bounds'
import { checkJsonTextDepth } from '../../../shared/json/text-depth'

export const LIBRARY_FILE_NAME = 'library.json'

export interface LibraryItems {
  templates: MessageTemplate[]
  catalog: CatalogProduct[]
}

/** What the Template Message, SPM and MPM nodes look their templates and products up through. */
export type LibraryEffects = Pick<Effects, 'templates' | 'catalogue'>

export type LibraryRead = { ok: true; items: LibraryItems } | { ok: false; message: string }

/** Reads a library file: `{templates, catalog}` (other keys, such as the examples' descriptions, are ignored) or a bundle. */
export function readLibrary(file: string): LibraryRead {
  const name = displayPath(file)
  const input = readInputFile(file)
  if (!input.ok) return { ok: false, message: `cannot read the library ${name}: ${input.reason}` }
  const deep = checkJsonTextDepth(input.text)
  if (deep) return { ok: false, message: `the library ${name}: ${deep.message}` }
  let value: unknown
  try {
    value = JSON.parse(input.text)
  } catch (err) {
    return {
      ok: false,
      message: `the library ${name} is not JSON (${err instanceof Error ? err.message : String(err)})`,
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, message: `the library ${name} is not a JSON object` }
  const bounds = checkJsonBounds(value)
  if (bounds) return { ok: false, message: `the library ${name}: ${bounds.message}` }
  const v = value as Record<string, unknown>
  const isBundle = typeof v.format === 'string'
  if (!isBundle && !('templates' in v) && !('catalog' in v))
    return {
      ok: false,
      message: `${name} is not a library: it needs "templates" and/or "catalog" (as in resources/examples/library.json), or is a ${BUNDLE_FORMAT} export`,
    }
  const read = readImportFile(
    name,
    isBundle
      ? input.text
      : JSON.stringify({ format: BUNDLE_FORMAT, flows: [], templates: v.templates ?? [], catalog: v.catalog ?? [] }),
  )
  if (!read.ok) {
    const [first, ...rest] = read.problems
    const more = rest.length ? ` (and ${rest.length} more problem${rest.length > 1 ? 's' : ''})` : ''
    return { ok: false, message: `the library ${formatProblem(first!)}${more}` }
  }
  return { ok: true, items: { templates: read.content.templates, catalog: read.content.catalog } }
}

/** The library.json in the flow file's folder, or null when there is none. */
export function besideLibrary(flowFile: string): string | null {
  const file = path.join(path.dirname(path.resolve(flowFile)), LIBRARY_FILE_NAME)
  return fs.existsSync(file) ? file : null
}

/** The library of a studio database, read as its emulator reads it. */
export function databaseLibrary(db: Database): LibraryEffects {
  return {
    templates: createTemplatesEffect(new TemplateStore(db)),
    catalogue: createCatalogueEffect(new CatalogStore(db)),
  }
}

/** A file's items first, then `under` (a studio database's library); what neither holds is not found. */
export function libraryEffects(items: LibraryItems | null, under: LibraryEffects | null): LibraryEffects {
  const templates = items?.templates ?? []
  const catalog = items?.catalog ?? []
  return {
    templates: {
      get: async (name, language) =>
        templates.find((t) => t.name === name && t.language === language) ??
        (under ? under.templates.get(name, language) : null),
    },
    catalogue: {
      product: async (catalogId, productId) =>
        catalog.find((p) => p.catalogId === catalogId && p.id === productId) ??
        (under ? under.catalogue.product(catalogId, productId) : null),
    },
  }
}

/** "1 template, 6 products" */
export function describeLibrary(items: LibraryItems): string {
  const t = items.templates.length
  const p = items.catalog.length
  return `${t} template${t === 1 ? '' : 's'}, ${p} product${p === 1 ? '' : 's'}`
}

export function displayPath(file: string): string {
  const rel = path.relative(process.cwd(), file)
  return rel && !rel.startsWith('..') ? rel : file
}

/**
 * The library file a command uses, by the documented precedence: --library always; else, without --data-dir, the
 * library.json beside the flow (`beside`); with --data-dir alone the studio database's library serves and no file is read.
 */
export function libraryFileFor(opts: {
  library?: string
  dataDir?: string
  flowFile: string
}): { file: string; beside: boolean } | null {
  if (opts.library) return { file: opts.library, beside: false }
  if (opts.dataDir) return null
  const file = besideLibrary(opts.flowFile)
  return file ? { file, beside: true } : null
}
