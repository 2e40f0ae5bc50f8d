// The command line's template and catalogue library: read through the studio's import reader, chosen by the
// documented precedence, and looked up file first, then the studio database.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { MessageTemplate } from '../../../shared/nodes/template_message/run-template'
import { openDatabase } from '../../services/db/open'
import { CatalogStore } from '../../services/effects/catalog-store'
import { TemplateStore } from '../../services/effects/template-store'
import { databaseLibrary, describeLibrary, libraryEffects, libraryFileFor, readLibrary } from './library'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const examples = path.join(root, 'resources/examples')
const template: MessageTemplate = {
  name: 'promo',
  language: 'en',
  category: 'MARKETING',
  header: { type: 'none', text: '' },
  body: 'Hi {{1}}',
  footer: '',
  buttons: [],
}
const product = { catalogId: 'c1', id: 'P-1', name: 'Pot', description: '', price: 3, currency: 'EUR', image: '' }

let dir: string
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-library-'))
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

function write(name: string, value: unknown): string {
  const file = path.join(dir, name)
  fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value))
  return file
}

function message(value: unknown): string {
  const read = readLibrary(write('library.json', value))
  if (read.ok) throw new Error('expected the library to be refused')
  return read.message
}

describe('readLibrary', () => {
  it('reads the examples’ library.json (its descriptions ignored) and a bundle export', () => {
    const read = readLibrary(path.join(examples, 'library.json'))
    expect(read.ok && describeLibrary(read.items)).toBe('1 template, 6 products')
    const bundle = readLibrary(
      write('export.json', { format: 'chatflow.bundle/1', flows: [], templates: [template], catalog: [product] }),
    )
    expect(bundle.ok && bundle.items).toEqual({ templates: [template], catalog: [product] })
    expect(readLibrary(write('only.json', { catalog: [product] }))).toEqual({
      ok: true,
      items: { templates: [], catalog: [product] },
    })
  })

  it('refuses a malformed library with one line naming the file, the place and the problem', () => {
    expect(message('{"templates": [')).toMatch(/^the library .*library\.json is not JSON \(.+\)$/)
    expect(message([template])).toMatch(/library\.json is not a JSON object$/)
    expect(message({ nodes: [] })).toMatch(/library\.json is not a library: it needs "templates" and\/or "catalog"/)
    expect(message({ templates: [{ ...template, body: undefined }] })).toMatch(
      /^the library .*library\.json: \/templates\/0\/body: /,
    )
    expect(message({ templates: [{ ...template, body: 'Hi {{2}}' }] })).toMatch(
      /^the library .*library\.json: \/templates\/0: .*\{\{1\}\}/,
    )
    expect(
      message({
        catalog: [
          { ...product, price: -1 },
          { ...product, currency: 'euro' },
        ],
      }),
    ).toMatch(/: \/catalog\/0\/price: .+ \(and 1 more problem\)$/)
    expect(message({ format: 'chatflow.bundle/9', templates: [] })).toMatch(
      /\/format: bundle format "chatflow.bundle\/9" is not known/,
    )
    for (const m of [message('nope'), message({ templates: 'x' })]) expect(m).not.toContain('\n')
    const missing = readLibrary(path.join(dir, 'absent.json'))
    expect(!missing.ok && missing.message).toMatch(/^cannot read the library .*absent\.json: ENOENT$/)
  })
})

describe('which library a command uses', () => {
  it('takes --library first, the studio database alone with --data-dir, else the library.json beside the flow', () => {
    const flow = write('x.flow.json', '{}')
    expect(libraryFileFor({ flowFile: flow })).toBeNull()
    const beside = write('library.json', { templates: [] })
    expect(libraryFileFor({ flowFile: flow })).toEqual({ file: beside, beside: true })
    expect(libraryFileFor({ flowFile: flow, dataDir: dir })).toBeNull()
    expect(libraryFileFor({ flowFile: flow, dataDir: dir, library: 'other.json' })).toEqual({
      file: 'other.json',
      beside: false,
    })
    expect(libraryFileFor({ flowFile: flow, library: 'other.json' })).toEqual({ file: 'other.json', beside: false })
  })

  it('looks a file’s items up before the studio database’s, and finds nothing that neither holds', async () => {
    const db = openDatabase(':memory:')
    try {
      new TemplateStore(db).save({ ...template, body: 'Studio {{1}}' })
      new TemplateStore(db).save({ ...template, language: 'de', body: 'Hallo {{1}}' })
      new CatalogStore(db).save({ ...product, id: 'P-2' })
      const layered = libraryEffects({ templates: [template], catalog: [product] }, databaseLibrary(db))
      expect(await layered.templates.get('promo', 'en')).toMatchObject({ body: 'Hi {{1}}' })
      expect(await layered.templates.get('promo', 'de')).toMatchObject({ body: 'Hallo {{1}}' })
      expect(await layered.templates.get('promo', 'fr')).toBeNull()
      expect(await layered.catalogue.product('c1', 'P-1')).toMatchObject({ name: 'Pot' })
      expect(await layered.catalogue.product('c1', 'P-2')).toMatchObject({ id: 'P-2' })
      expect(await layered.catalogue.product('c1', 'P-3')).toBeNull()
      const fileOnly = libraryEffects({ templates: [], catalog: [product] }, null)
      expect(await fileOnly.templates.get('promo', 'en')).toBeNull()
    } finally {
      db.close()
    }
  })
})
