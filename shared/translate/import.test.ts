import { describe, expect, it } from 'vitest'
import { textUnits } from '../analysis/translations'
import { setTranslation, translationOf } from '../flow/translations'
import { fromCsv, toCsvSet } from './csv'
import { exportTranslations, importTranslations } from './flow-files'
import { applyTranslations } from './import'
import { shopFlow } from './testing/flow'
import type { ImportedTexts } from './types'
import { fromXliff } from './xliff'

const WELCOME = 'n_welcome/text'
const BUTTON_1 = 'n_menu/buttons/0/title'

function file(rows: Array<[unitId: string, target: string | null, source?: string | null]>): ImportedTexts {
  return {
    format: 'csv',
    source: 'en',
    target: 'es',
    rows: rows.map(([unitId, target, source], i) => ({
      flowId: null,
      unitId,
      target,
      source: source === undefined ? null : source,
      where: `line ${i + 2}`,
    })),
  }
}

describe('applyTranslations', () => {
  it('applies the good rows, refuses the others one by one, and lists what is still missing', () => {
    const doc = shopFlow()
    const units = textUnits(doc)
    const { doc: out, report } = applyTranslations(
      doc,
      units,
      file([
        [WELCOME, '¡Hola {{customer_name}}, bienvenido a {{shop_name}}!'],
        [BUTTON_1, 'Seguir mi pedido por favor ahora'],
        ['n_menu/buttons/1/title', 'Hablar'],
        ['n_gone/text', 'Adiós'],
      ]),
      'es',
    )
    expect(report.changed.map((r) => r.unitId)).toEqual([WELCOME, 'n_menu/buttons/1/title'])
    expect(report.refused).toEqual([
      expect.objectContaining({
        code: 'limit',
        message:
          "Node 'menu', Button 1 title (line 3): the translation has 32 characters; the channel allows at most 20.",
      }),
      expect.objectContaining({
        code: 'unknown_unit',
        message:
          "line 5: this flow has no text 'n_gone/text' (its node was deleted, or the field is gone); not applied.",
      }),
    ])
    expect(report.missing.map((r) => r.unitId)).toEqual(['n_menu/body', BUTTON_1])
    expect(translationOf(out, 'es', 'n_welcome', '/text')).toEqual({
      text: '¡Hola {{customer_name}}, bienvenido a {{shop_name}}!',
      source: 'Hi {{customer_name}}, welcome to {{shop_name}}!',
    })
    expect(translationOf(out, 'es', 'n_menu', '/buttons/0/title')).toBeNull()
    // The document given is not touched.
    expect(doc.translations).toBeUndefined()
  })

  it('refuses a translation that drops or changes a placeholder, naming the node and the field', () => {
    const doc = shopFlow()
    const { report, doc: out } = applyTranslations(
      doc,
      textUnits(doc),
      file([[WELCOME, '¡Hola {{nombre}}, bienvenido!']]),
      'es',
    )
    expect(report.changed).toEqual([])
    expect(report.refused).toHaveLength(1)
    expect(report.refused[0]!.code).toBe('placeholders')
    expect(report.refused[0]!.message).toBe(
      "Node 'welcome', Message text (line 2): the translation drops {{customer_name}}, {{shop_name}} and writes {{nombre}} instead (it must keep the placeholders of the source as they are: {{customer_name}}, {{shop_name}}); not applied.",
    )
    expect(out).toBe(doc)
  })

  it('placeholders may change order; one written twice where the source has it once is refused', () => {
    const doc = shopFlow()
    const units = textUnits(doc)
    const moved = applyTranslations(doc, units, file([[WELCOME, '{{shop_name}}: hola {{customer_name}}']]), 'es')
    expect(moved.report.refused).toEqual([])
    const twice = applyTranslations(
      doc,
      units,
      file([[WELCOME, '{{shop_name}} {{shop_name}}: hola {{customer_name}}']]),
      'es',
    )
    expect(twice.report.refused[0]!.message).toMatch(/the translation adds \{\{shop_name\}\}/)
    // Spaces inside the braces do not count, as validation reads it.
    const spaced = applyTranslations(doc, units, file([[WELCOME, '{{ shop_name }}: hola {{customer_name }}']]), 'es')
    expect(spaced.report.refused).toEqual([])
  })

  it('refuses a row whose source changed since the export, saying what it was and is', () => {
    const doc = shopFlow()
    const { report } = applyTranslations(doc, textUnits(doc), file([[BUTTON_1, 'Seguir', 'Track order']]), 'es')
    expect(report.refused[0]).toMatchObject({ code: 'source_changed' })
    expect(report.refused[0]!.message).toBe(
      `Node 'menu', Button 1 title (line 2): the English (en) text changed since the file was made (it was "Track order", it is now "Track my order"); translate the new text.`,
    )
  })

  it('an empty target keeps the translation the flow has; the same one again is unchanged; a second row for a text is refused', () => {
    let doc = shopFlow()
    doc = setTranslation(
      doc,
      'es',
      'n_welcome',
      '/text',
      'Hola {{customer_name}} {{shop_name}}',
      doc.nodes[1]!.config.text as string,
    )
    const { report, doc: out } = applyTranslations(
      doc,
      textUnits(doc),
      file([
        [WELCOME, null],
        ['n_menu/body', '¿Qué quieres hacer?'],
        ['n_menu/body', '¿Qué desea hacer?'],
      ]),
      'es',
    )
    expect(translationOf(out, 'es', 'n_welcome', '/text')?.text).toBe('Hola {{customer_name}} {{shop_name}}')
    expect(report.unchanged).toBe(1)
    expect(report.changed.map((r) => [r.unitId, r.target, r.previous])).toEqual([
      ['n_menu/body', '¿Qué quieres hacer?', null],
    ])
    expect(report.refused[0]).toMatchObject({ code: 'duplicate' })
    expect(report.refused[0]!.message).toMatch(/translates this text twice; the first one \(line 3\) is applied/)
    const again = applyTranslations(out, textUnits(out), file([['n_menu/body', '¿Qué quieres hacer?']]), 'es')
    expect(again.report).toMatchObject({ changed: [], unchanged: 1, refused: [] })
    expect(again.doc).toBe(out)
  })

  it('an outdated translation sent back untouched stays outdated; a new text for it is applied', () => {
    let doc = shopFlow()
    doc = setTranslation(doc, 'es', 'n_menu', '/body', '¿Qué quieres?', 'What do you want?')
    const units = textUnits(doc)
    expect(units.find((u) => u.id === 'n_menu/body')!.translations.es).toEqual({
      text: '¿Qué quieres?',
      outdated: true,
    })
    const same = applyTranslations(doc, units, file([['n_menu/body', '¿Qué quieres?']]), 'es')
    expect(same.report).toMatchObject({ changed: [], unchanged: 1 })
    expect(translationOf(same.doc, 'es', 'n_menu', '/body')?.source).toBe('What do you want?')
    const updated = applyTranslations(doc, units, file([['n_menu/body', '¿Qué te gustaría hacer?']]), 'es')
    expect(updated.report.changed).toMatchObject([{ previous: '¿Qué quieres?', target: '¿Qué te gustaría hacer?' }])
    expect(translationOf(updated.doc, 'es', 'n_menu', '/body')?.source).toBe('What would you like to do?')
  })

  it("leaves another flow's rows alone and counts them", () => {
    const doc = shopFlow()
    const texts = file([[WELCOME, 'Hola']])
    texts.rows[0]!.flowId = 'flw_other'
    const { report, doc: out } = applyTranslations(doc, textUnits(doc), texts, 'es')
    expect(report).toMatchObject({ otherFlows: 1, changed: [], refused: [] })
    expect(out).toBe(doc)
  })
})

describe('export and import of a flow, end to end in both formats', () => {
  it.each(['xliff', 'csv'] as const)('%s: out, translated, back in; a broken placeholder refused by name', (format) => {
    const doc = shopFlow()
    const out = exportTranslations([doc], 'es', format)
    if (!out.ok) throw new Error(out.error.message)
    expect(out).toMatchObject({ fileName: `shop.es.${format === 'xliff' ? 'xlf' : 'csv'}`, flows: 1, units: 4 })
    // The translator's work: every text, but the welcome loses a placeholder and a button is too long.
    const spanish: Record<string, string> = {
      'Hi {{customer_name}}, welcome to {{shop_name}}!': 'Hola {{customer_name}}, bienvenido!',
      'What would you like to do?': '¿Qué quieres hacer?',
      'Track my order': 'Seguimiento de mi pedido',
      'Talk to us': 'Hablar con nosotros',
    }
    const translated = format === 'xliff' ? translateXliff(out.text, spanish) : translateCsv(out.text, spanish)
    const back = importTranslations(doc, out.fileName, translated)
    if (!back.ok) throw new Error(back.error.message)
    expect(back.report.changed.map((r) => r.unitId)).toEqual(['n_menu/body', 'n_menu/buttons/1/title'])
    expect(back.report.refused.map((r) => [r.code, r.message.split(':')[0]])).toEqual([
      ['placeholders', expect.stringMatching(/^Node 'welcome', Message text \(/)],
      ['limit', expect.stringMatching(/^Node 'menu', Button 1 title \(/)],
    ])
    expect(back.report.missing.map((r) => r.unitId)).toEqual([WELCOME, BUTTON_1])
    // Exported again, the file carries the accepted translations.
    const second = exportTranslations([back.doc], 'es', format)
    expect(second.ok && second.text).toContain('Hablar con nosotros')
  })

  it('refuses a language the flow does not have, or its default, and a file in another language', () => {
    const doc = shopFlow()
    expect(exportTranslations([doc], 'de', 'xliff')).toMatchObject({
      ok: false,
      error: { code: 'translations.unknown_language' },
    })
    expect(exportTranslations([doc], 'en', 'csv')).toMatchObject({
      ok: false,
      error: { code: 'translations.default_language' },
    })
    const fr = exportTranslations([doc], 'fr', 'csv')
    if (!fr.ok) throw new Error('fr')
    expect(importTranslations(doc, 'x.csv', fr.text, 'es')).toMatchObject({
      ok: false,
      error: { code: 'translations.wrong_language', message: 'x.csv holds French (fr), not Spanish (es).' },
    })
    expect(importTranslations(doc, 'x.csv', 'id,target\nn_welcome/text,Hola\n')).toMatchObject({
      ok: false,
      error: { code: 'translations.no_language' },
    })
  })

  it('a malformed file writes nothing and says where', () => {
    const r = importTranslations(shopFlow(), 'texts.xlf', '<xliff>\n  <file>\n</xliff>\n')
    expect(r).toMatchObject({ ok: false, error: { code: 'translations.bad_file', line: 3 } })
  })

  it('several flows in one file, each imported on its own', () => {
    const a = shopFlow({ id: 'flw_a', name: 'A' })
    const b = shopFlow({ id: 'flw_b', name: 'B' })
    const out = exportTranslations([a, b], 'es', 'xliff')
    if (!out.ok) throw new Error(out.error.message)
    expect(out.fileName).toBe('flows.es.xlf')
    const read = fromXliff(out.text)
    expect(read.ok && new Set(read.texts.rows.map((r) => r.flowId))).toEqual(new Set(['flw_a', 'flw_b']))
    const translated = translateXliff(out.text, { 'Talk to us': 'Hablar' })
    const back = importTranslations(b, out.fileName, translated)
    expect(back.ok && back.report).toMatchObject({ otherFlows: 4, changed: [{ unitId: 'n_menu/buttons/1/title' }] })
  })
})

/** A translation tool: each target filled from the dictionary by its source, placeholders kept as <ph>. */
function translateXliff(xml: string, dict: Record<string, string>): string {
  return xml.replace(/<source>([\s\S]*?)<\/source>/g, (whole, inner: string) => {
    const source = inner.replace(/<ph id="\d+" disp="([^"]*)" equiv="[^"]*"\/>/g, '$1')
    const target = dict[source]
    if (target === undefined) return whole
    // Placeholders the source has go back as its <ph> elements; any other stays typed text.
    const phs = [...inner.matchAll(/<ph id="(\d+)" disp="([^"]*)"[^>]*\/>/g)]
    const withPh = target.replace(/\{\{[^}]*\}\}/g, (p) => {
      const ph = phs.find((m) => m[2] === p)
      return ph ? `<ph id="${ph[1]}"/>` : p
    })
    return `${whole}<target>${withPh}</target>`
  })
}

/** A spreadsheet: the target column filled from the dictionary by the source column. */
function translateCsv(csv: string, dict: Record<string, string>): string {
  const read = fromCsv(csv)
  if (!read.ok) throw new Error(read.error.message)
  const units = read.texts.rows.map((r) => ({
    id: r.unitId,
    nodeId: '',
    nodeName: '',
    nodeType: '',
    pointer: '',
    label: '',
    kind: 'body' as const,
    limit: null,
    source: r.source ?? '',
    translations: { es: dict[r.source ?? ''] ? { text: dict[r.source ?? '']!, outdated: false } : null },
  }))
  return toCsvSet([{ flowId: 'flw_shop', flowName: 'Shop', units }], { source: 'en', target: 'es' })
}
