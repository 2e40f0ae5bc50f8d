import { afterEach, describe, expect, it } from 'vitest'
import type { Backend } from '../backend'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'
import { shopFlow } from '../../../shared/translate/testing/flow'
import { translationOf } from '../../../shared/flow/translations'
import type { FlowDocument } from '../../../shared/flow/document'

const temps: TempBackend[] = []
afterEach(async () => Promise.all(temps.splice(0).map((t) => t.cleanup())))

/** A back end holding the shop flow (English, Spanish, French) under the id the store gave it. */
async function withShop(): Promise<{ api: Backend; doc: FlowDocument }> {
  const t = createTempBackend()
  temps.push(t)
  const api = t.backend
  const created = expectOk(await api.call('flows.create', { name: 'Shop' }))
  const doc = { ...shopFlow(), id: created.id }
  expectOk(await api.call('flows.save', { document: doc }))
  return { api, doc }
}

describe('translations commands', () => {
  it('export gives the stored flow as XLIFF; import reports and returns the flow with the good rows, writing nothing', async () => {
    const { api, doc } = await withShop()
    const out = expectOk(await api.call('translations.export', { flowIds: [doc.id], language: 'es', format: 'xliff' }))
    expect(out).toMatchObject({ fileName: 'shop.es.xlf', language: 'es', flows: 1, units: 4 })
    expect(out.text).toContain('<ph id="1" disp="{{customer_name}}" equiv="{{customer_name}}"/>')
    const translated = out.text
      .replace(/(<source>Talk to us<\/source>)/, '$1<target>Hablar con nosotros</target>')
      .replace(/(<source>Track my order<\/source>)/, '$1<target>Seguimiento de mi pedido, por favor</target>')
    const changed: string[] = []
    api.on('flows.changed', (e) => changed.push(e.id))
    const r = expectOk(
      await api.call('translations.import', { fileName: out.fileName, text: translated, flowId: doc.id }),
    )
    expect(r).toMatchObject({ format: 'xliff', language: 'es' })
    expect(r.report.changed.map((c) => c.unitId)).toEqual(['n_menu/buttons/1/title'])
    expect(r.report.refused).toEqual([
      expect.objectContaining({
        code: 'limit',
        row: expect.objectContaining({ nodeName: 'menu', field: 'Button 1 title' }),
      }),
    ])
    expect(translationOf(r.document, 'es', 'n_menu', '/buttons/1/title')?.text).toBe('Hablar con nosotros')
    // Nothing stored changed: the editor applies the document as one undo step.
    expect(changed).toEqual([])
    const stored = expectOk(await api.call('flows.get', { id: doc.id })).document
    expect(stored.translations).toBeUndefined()
  })

  it("export and import read the editor's document in place of the stored one", async () => {
    const { api, doc } = await withShop()
    const edited: FlowDocument = {
      ...doc,
      nodes: doc.nodes.map((n) => (n.name === 'welcome' ? { ...n, config: { ...n.config, text: 'Hello there' } } : n)),
    }
    const out = expectOk(
      await api.call('translations.export', { flowIds: [doc.id], language: 'fr', format: 'csv', document: edited }),
    )
    expect(out.text).toContain('n_welcome/text,welcome,')
    expect(out.text).toContain(',Hello there,')
    const text = out.text.replace(',Hello there,,', ',Hello there,Bonjour,')
    const r = expectOk(await api.call('translations.import', { fileName: 'shop.fr.csv', text, document: edited }))
    expect(translationOf(r.document, 'fr', 'n_welcome', '/text')).toEqual({ text: 'Bonjour', source: 'Hello there' })
  })

  it('a malformed file is refused with translations.bad_file and the line; a wrong language with its code', async () => {
    const { api, doc } = await withShop()
    const bad = await api.call('translations.import', {
      fileName: 'shop.es.xlf',
      text: '<?xml version="1.0"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0">\n<file id="f">\n</xliff>',
      flowId: doc.id,
    })
    expect(bad).toMatchObject({ ok: false, error: { code: 'translations.bad_file' } })
    if (!bad.ok) expect(bad.error.message).toMatch(/^shop\.es\.xlf: Not a valid XLIFF 2\.0 file: .*\(line 4\)\.$/)
    const de = await api.call('translations.export', { flowIds: [doc.id], language: 'de', format: 'xliff' })
    expect(de).toMatchObject({ ok: false, error: { code: 'translations.unknown_language' } })
    const missing = await api.call('translations.export', { flowIds: ['flw_nope'], language: 'es', format: 'xliff' })
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } })
    const neither = await api.call('translations.import', { fileName: 'x.csv', text: 'id,target:es\n' } as never)
    expect(neither).toMatchObject({ ok: false, error: { code: 'bad_request' } })
  })

  it('importFlows: a file of several flows reported per flow, then written all at once as revisions', async () => {
    const { api, doc: a } = await withShop()
    const created = expectOk(await api.call('flows.create', { name: 'Shop B' }))
    const b = { ...shopFlow({ name: 'Shop B' }), id: created.id }
    expectOk(await api.call('flows.save', { document: b }))
    const out = expectOk(
      await api.call('translations.export', { flowIds: [a.id, b.id], language: 'es', format: 'csv' }),
    )
    expect(out).toMatchObject({ fileName: 'flows.es.csv', flows: 2, units: 8 })
    const text =
      out.text.replace(`Talk to us,,${b.id}`, `Talk to us,Hablar,${b.id}`) +
      'n_welcome/text,welcome,Message text,4096,x,y,flw_elsewhere\r\n'
    const changed: string[] = []
    api.on('flows.changed', (e) => changed.push(e.id))

    const preview = expectOk(await api.call('translations.importFlows', { fileName: 'flows.es.csv', text }))
    expect(preview.format).toBe('csv')
    expect(preview.unknownFlows).toEqual(['flw_elsewhere'])
    expect(preview.flows.map((f) => [f.flowId, f.ok && f.report.changed.length, f.ok && f.written])).toEqual([
      [a.id, 0, false],
      [b.id, 1, false],
    ])
    expect(changed).toEqual([])

    const done = expectOk(await api.call('translations.importFlows', { fileName: 'flows.es.csv', text, write: true }))
    expect(done.flows.map((f) => f.ok && f.written)).toEqual([false, true])
    expect(changed).toEqual([b.id])
    const stored = expectOk(await api.call('flows.get', { id: b.id })).document
    expect(translationOf(stored, 'es', 'n_menu', '/buttons/1/title')?.text).toBe('Hablar')
    const history = expectOk(await api.call('revisions.list', { flowId: b.id }))
    expect(history[0]).toMatchObject({ reason: 'translations' })
  })

  it('importFlows: rows without a flow are counted, a malformed file refused whole', async () => {
    const { api } = await withShop()
    const r = expectOk(
      await api.call('translations.importFlows', { fileName: 'x.csv', text: 'id,target:es\nn_welcome/text,Hola\n' }),
    )
    expect(r).toMatchObject({ flows: [], unknownFlows: [], unplaced: 1 })
    const bad = await api.call('translations.importFlows', { fileName: 'x.csv', text: 'id,target\n"open\n' })
    expect(bad).toMatchObject({ ok: false, error: { code: 'translations.bad_file' } })
  })
})
