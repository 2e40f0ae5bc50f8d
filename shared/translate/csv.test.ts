import { describe, expect, it } from 'vitest'
import { fromCsv, toCsv, toCsvSet } from './csv'
import { TRICKY_UNITS, unit } from './testing/units'

function read(text: string) {
  const r = fromCsv(text)
  if (!r.ok) throw new Error(r.error.message)
  return r.texts
}
const refused = (text: string) => {
  const r = fromCsv(text)
  if (r.ok) throw new Error('read a file it should refuse')
  expect(r.error.code).toBe('translations.bad_file')
  return r.error
}

describe('CSV export', () => {
  it('one row per text: id, node, field, limit, source, target, flow; quoted only where needed; BOM and CRLF', () => {
    const units = [
      unit('n_menu', '/buttons/0/title', 'Yes, please', {
        nodeName: 'menu',
        label: 'Button 1 title',
        limit: 20,
        translations: { es: { text: 'Sí, por favor', outdated: false } },
      }),
      unit('n_menu', '/body', 'Say "hi"\nthen go', { nodeName: 'menu', limit: null }),
    ]
    expect(toCsv(units, 'es', { source: 'en', flowId: 'f_1' })).toBe(
      '\uFEFFid,node,field,limit,source:en,target:es,flow\r\n' +
        'n_menu/buttons/0/title,menu,Button 1 title,20,"Yes, please","Sí, por favor",f_1\r\n' +
        'n_menu/body,menu,Body,,"Say ""hi""\nthen go",,f_1\r\n',
    )
  })
})

describe('CSV round trip', () => {
  it('every text comes back exactly, placeholders as written', () => {
    const translated = TRICKY_UNITS.map((u) => ({ ...u, translations: { es: { text: u.source, outdated: false } } }))
    const texts = read(toCsv(translated, 'es', { source: 'en', flowId: 'f_1' }))
    expect(texts).toMatchObject({ format: 'csv', source: 'en', target: 'es' })
    // A carriage return inside a field is read as LF (spreadsheets save line breaks in cells as CRLF); the rest exact.
    const exact = (s: string) => s.replace(/\r\n/g, '\n')
    expect(texts.rows.map((r) => [r.flowId, r.unitId, r.source, r.target])).toEqual(
      TRICKY_UNITS.map((u) => ['f_1', u.id, exact(u.source), exact(u.source)]),
    )
    expect(texts.rows[0]!.where).toBe('line 2')
  })

  it('an empty target is no translation; the line of each row counts the line breaks inside fields', () => {
    const csv = 'id,source,target\nn_1/text,"a\nb",\nn_2/text,c,C\n'
    expect(read(csv).rows).toEqual([
      { flowId: null, unitId: 'n_1/text', source: 'a\nb', target: null, where: 'line 2' },
      { flowId: null, unitId: 'n_2/text', source: 'c', target: 'C', where: 'line 4' },
    ])
  })

  it('reads what spreadsheets write: no BOM, CRLF, a semicolon or tab separator, columns in another order, blank lines', () => {
    const semi = 'target:fr;id;extra\r\n"Bonjour; toi";n_1/text;x\r\n\r\nSalut;n_2/text;y\r\n'
    const texts = read(semi)
    expect(texts.target).toBe('fr')
    expect(texts.rows.map((r) => [r.unitId, r.target, r.source])).toEqual([
      ['n_1/text', 'Bonjour; toi', null],
      ['n_2/text', 'Salut', null],
    ])
    const tab = 'id\ttarget\nn_1/text\tHola, amigo\n'
    expect(read(tab).rows[0]!.target).toBe('Hola, amigo')
  })

  it('several flows in one file keep their flow ids', () => {
    const csv = toCsvSet(
      [
        { flowId: 'f_a', flowName: 'A', units: [unit('n_1', '/text', 'a')] },
        { flowId: 'f_b', flowName: 'B', units: [unit('n_1', '/text', 'b')] },
      ],
      { source: 'en', target: 'es' },
    )
    expect(read(csv).rows.map((r) => [r.flowId, r.unitId])).toEqual([
      ['f_a', 'n_1/text'],
      ['f_b', 'n_1/text'],
    ])
  })
})

describe('CSV files refused whole, with the line', () => {
  it.each([
    ['an empty file', '', /the file is empty \(line 1\)/],
    ['no id or target column', 'key,text\na,b\n', /at least 'id' and 'target'/],
    ['a quote never closed', 'id,target\nn_1/text,ok\nn_2/text,"Hola\n', /a quoted field is never closed \(line 3\)/],
    [
      'a row with too few fields',
      'id,source,target\nn_1/text,a,b\nn_2/text,a\n',
      /this row has 2 fields where the header has 3 \(line 3\)/,
    ],
    ['text after a closing quote', 'id,target\nn_1/text,"Hola" amigo\n', /text after a closing quote/],
    ['a quote inside a plain field', 'id,target\nn_1/text,Say "hola"\n', /a quote inside a field/],
    ['a row without id', 'id,target\n,Hola\n', /this row has no 'id' \(line 2\)/],
    ['XML given as CSV', '<?xml version="1.0"?>\n<xliff/>\n', /a quote inside a field/],
  ])('%s', (_what, csv, message) => {
    expect(refused(csv).message).toMatch(message)
  })
})
