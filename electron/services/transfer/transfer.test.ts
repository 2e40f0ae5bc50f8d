import { afterEach, describe, expect, it } from 'vitest'
import { applyImport, findConflicts } from './apply'
import { exportBundle } from './export'
import { CatalogStore } from '../effects/catalog-store'
import { readImportFile } from './read'
import { dump, exampleFlow, seedExamples, tempDb, TEST_SECRET, type TempDb } from './testing/support'
import { hashSecret, SecretStore } from '../webhook/secrets'
import { serialiseFlow } from '../../../shared/flow'

const open: TempDb[] = []
const fresh = () => {
  const t = tempDb()
  open.push(t)
  return t
}
afterEach(() => open.splice(0).forEach((t) => t.close()))

function importText(t: TempDb, text: string, choice: 'replace' | 'keep-both' | 'skip' = 'skip', applySecrets = false) {
  const read = readImportFile('bundle.json', text)
  if (!read.ok) throw new Error(JSON.stringify(read.problems))
  return applyImport(t.db, read.content, () => choice, Date.now, applySecrets)
}

describe('export', () => {
  it('writes every flow with its tests and used templates, ordered, without secrets', () => {
    const a = fresh()
    seedExamples(a.db)
    const out = exportBundle(a.db)
    const bundle = JSON.parse(out.text)
    expect(bundle.format).toBe('chatflow.bundle/1')
    const ids = bundle.flows.map((f: { document: { id: string } }) => f.document.id)
    expect(ids).toEqual([...ids].sort())
    expect(ids).toHaveLength(3)
    const age = bundle.flows.find((f: { document: { id: string } }) => f.document.id === exampleFlow('age-gate').id)
    expect(age.tests.map((t: { name: string }) => t.name)).toContain('adult')
    expect(out.text).not.toContain('whsec_test_secret_value')
    expect(bundle.templates.map((t: { name: string }) => t.name)).toEqual(['delivery_feedback'])
    expect(out.warnings).toEqual([])
  })

  // Issue 39: the studio keeps only digests of webhook secrets, so a bundle carries the digest, never the key.
  it('puts the digests of webhook secrets in only when asked, with a warning, and never a secret itself', () => {
    const a = fresh()
    seedExamples(a.db)
    const out = exportBundle(a.db, { includeSecrets: true })
    expect(out.text).toContain(hashSecret(TEST_SECRET))
    expect(out.text).not.toContain(TEST_SECRET)
    expect(out.warnings.join(' ')).toMatch(/digests of webhook secrets/)
  })

  // Issue 18, case 9: a bundle's webhook secret replaced the flow's own without a word, so a file could hand its
  // author a working key to a flow of this studio.
  it("leaves this studio's webhook secrets alone unless the import asks for the file's", () => {
    const a = fresh()
    seedExamples(a.db)
    const withSecrets = exportBundle(a.db, { includeSecrets: true }).text
    const b = fresh()
    seedExamples(b.db)
    const secrets = () => b.db.prepare('SELECT flow_id, secret FROM webhook_secrets ORDER BY flow_id').all()
    b.db.prepare("UPDATE webhook_secrets SET secret = 'whsec_this_studios_own'").run()
    const before = secrets()
    const kept = importText(b, withSecrets, 'replace')
    expect(kept.some((o) => o.secretApplied)).toBe(false)
    expect(secrets()).toEqual(before)
    const applied = importText(b, withSecrets, 'replace', true)
    expect(applied.filter((o) => o.secretApplied).length).toBeGreaterThan(0)
    expect(JSON.stringify(secrets())).toContain(hashSecret(TEST_SECRET))
    // The flow accepts the key it accepted where it came from.
    expect(new SecretStore(b.db).verify(applied.find((o) => o.secretApplied)!.storedId!, TEST_SECRET)).toBe(true)
  })

  it('a bundle of an older studio, with a secret itself, is stored as its digest and accepts that key', () => {
    const a = fresh()
    seedExamples(a.db)
    const bundle = JSON.parse(exportBundle(a.db, { includeSecrets: true }).text) as {
      flows: Array<{ webhookSecret?: string; document: { id: string } }>
    }
    const carrying = bundle.flows.find((f) => f.webhookSecret)!
    carrying.webhookSecret = 'whsec_from_an_older_studio_1234'
    const b = fresh()
    importText(b, JSON.stringify(bundle), 'skip', true)
    const row = b.db.prepare('SELECT secret, hint FROM webhook_secrets WHERE flow_id = ?').get(carrying.document.id)
    expect(row).toEqual({ secret: hashSecret('whsec_from_an_older_studio_1234'), hint: '1234' })
    expect(new SecretStore(b.db).verify(carrying.document.id, 'whsec_from_an_older_studio_1234')).toBe(true)
  })

  it('exports a selection, and refuses an unknown id', () => {
    const a = fresh()
    seedExamples(a.db)
    const id = exampleFlow('lead-capture').id
    expect(
      JSON.parse(exportBundle(a.db, { flowIds: [id] }).text).flows.map(
        (f: { document: { id: string } }) => f.document.id,
      ),
    ).toEqual([id])
    expect(() => exportBundle(a.db, { flowIds: ['flw_nope'] })).toThrow(/flw_nope/)
  })

  it('warns about a used template missing from the library', () => {
    const a = fresh()
    seedExamples(a.db)
    a.db.prepare('DELETE FROM message_templates').run()
    expect(exportBundle(a.db).warnings.join(' ')).toMatch(/delivery_feedback/)
  })
})

describe('catalogue products', () => {
  const product = (id: string, name: string) => ({
    catalogId: '1184729301',
    id,
    name,
    description: '',
    price: 9.5,
    currency: 'EUR',
    image: '',
  })

  it('travel with the flows that name them, are added where missing on import, and round-trip byte for byte', () => {
    const a = fresh()
    seedExamples(a.db, ['catalogue'])
    const catalog = new CatalogStore(a.db)
    for (const [id, name] of [
      ['TEA-SENCHA-100', 'Sencha'],
      ['TEA-UNUSED', 'Not in any flow'],
    ] as const)
      catalog.save(product(id, name))
    const out = exportBundle(a.db)
    const bundle = JSON.parse(out.text) as { catalog: { id: string }[] }
    expect(bundle.catalog.map((p) => p.id)).toContain('TEA-SENCHA-100')
    expect(bundle.catalog.map((p) => p.id)).not.toContain('TEA-UNUSED')
    // The example's other products are not in this catalogue: each is named in a warning.
    expect(out.warnings.length).toBeGreaterThan(0)
    expect(
      out.warnings.every((w) => /^Product ".+" of catalogue "1184729301" is used but not in the catalogue/.test(w)),
    ).toBe(true)

    const b = fresh()
    new CatalogStore(b.db).save(product('TEA-SENCHA-100', 'Kept: the studio already had it'))
    importText(b, out.text)
    expect(new CatalogStore(b.db).get('1184729301', 'TEA-SENCHA-100')?.name).toBe('Kept: the studio already had it')
    const c = fresh()
    importText(c, out.text)
    expect(new CatalogStore(c.db).get('1184729301', 'TEA-SENCHA-100')?.name).toBe('Sencha')
    expect(exportBundle(c.db).text).toBe(out.text)
  })

  it('a product that breaks the catalogue rules refuses the whole file', () => {
    const a = fresh()
    seedExamples(a.db, ['age-gate'])
    const bundle = JSON.parse(exportBundle(a.db).text) as Record<string, unknown>
    bundle.catalog = [{ ...product('TEA 1', 'Bad id'), currency: 'euro' }]
    const read = readImportFile('bad.json', JSON.stringify(bundle))
    expect(read.ok).toBe(false)
    if (!read.ok)
      expect(read.problems.map((p) => p.path)).toEqual(expect.arrayContaining(['/catalog/0/id', '/catalog/0/currency']))
  })
})

describe('round trip', () => {
  it('export → import into an empty studio → export gives the same bytes, secrets included', () => {
    const a = fresh()
    seedExamples(a.db)
    for (const includeSecrets of [false, true]) {
      const first = exportBundle(a.db, { includeSecrets }).text
      const b = fresh()
      importText(b, first, 'skip', includeSecrets)
      expect(exportBundle(b.db, { includeSecrets }).text).toBe(first)
    }
  })

  it('re-importing over itself with replace keeps ids and bytes, and adds one revision per flow', () => {
    const a = fresh()
    seedExamples(a.db)
    const first = exportBundle(a.db).text
    const out = importText(a, first, 'replace')
    expect(out.every((o) => o.action === 'replaced' && o.storedId === o.flowId)).toBe(true)
    expect(exportBundle(a.db).text).toBe(first)
    expect(a.db.prepare('SELECT MAX(revision) FROM flows').pluck().get()).toBe(2)
  })
})

describe('conflicts', () => {
  it('skip leaves the existing flow as it was', () => {
    const a = fresh()
    seedExamples(a.db)
    const before = dump(a.db)
    const out = importText(a, exportBundle(a.db).text, 'skip')
    expect(out.map((o) => o.action)).toEqual(['skipped', 'skipped', 'skipped'])
    expect(dump(a.db)).toBe(before)
  })

  it('keep both stores a copy under a new id named "name (2)", with its tests', () => {
    const a = fresh()
    seedExamples(a.db, ['age-gate'])
    const text = exportBundle(a.db).text
    const [copy] = importText(a, text, 'keep-both')
    expect(copy!.action).toBe('copied')
    expect(copy!.storedId).not.toBe(copy!.flowId)
    expect(copy!.name).toBe(`${exampleFlow('age-gate').name} (2)`)
    expect(importText(a, text, 'keep-both')[0]!.name).toBe(`${exampleFlow('age-gate').name} (3)`)
    const tests = a.db.prepare('SELECT COUNT(*) FROM conversation_tests WHERE flow_id = ?').pluck().get(copy!.storedId)
    expect(tests).toBe(7)
  })

  it('a flow with another id but the same name is a conflict; replace writes into the existing flow', () => {
    const a = fresh()
    seedExamples(a.db, ['age-gate'])
    const other = {
      ...exampleFlow('age-gate'),
      id: 'flw_other',
      nodes: exampleFlow('age-gate').nodes.slice(0, 1),
      edges: [],
    }
    const read = readImportFile('age.flow.json', serialiseFlow(other))
    if (!read.ok) throw new Error('unreadable')
    expect(findConflicts(a.db, read.content)).toEqual([
      expect.objectContaining({ flowId: 'flw_other', existingId: exampleFlow('age-gate').id, reason: 'name' }),
    ])
    const [out] = applyImport(a.db, read.content, () => 'replace')
    expect(out).toMatchObject({ action: 'replaced', storedId: exampleFlow('age-gate').id })
    const doc = JSON.parse(
      a.db.prepare('SELECT document FROM flows WHERE id = ?').pluck().get(exampleFlow('age-gate').id) as string,
    )
    expect(doc.nodes).toHaveLength(1)
    expect(a.db.prepare('SELECT COUNT(*) FROM flows').pluck().get()).toBe(1)
  })

  it("keep both on a name-only conflict keeps the file's id", () => {
    const a = fresh()
    seedExamples(a.db, ['age-gate'])
    const [out] = importText(a, serialiseFlow({ ...exampleFlow('age-gate'), id: 'flw_other' }), 'keep-both')
    expect(out).toMatchObject({ action: 'copied', storedId: 'flw_other' })
  })
})

describe('all or nothing', () => {
  it('a failure while writing the second flow leaves the database as it was', () => {
    const a = fresh()
    seedExamples(a.db, ['age-gate'])
    const text = (() => {
      const b = fresh()
      seedExamples(b.db)
      return exportBundle(b.db).text
    })()
    const before = dump(a.db)
    // A real SQLite failure part-way through (as a full disk would give), after the first flow was written.
    a.db.exec(`CREATE TEMP TRIGGER refuse BEFORE INSERT ON flows WHEN NEW.name = '${exampleFlow('lead-capture').name}'
               BEGIN SELECT RAISE(ABORT, 'disk full'); END`)
    expect(() => importText(a, text, 'keep-both')).toThrow(/disk full/)
    expect(dump(a.db)).toBe(before)
  })
})
