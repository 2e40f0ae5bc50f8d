// Any text, however odd, comes back from both formats exactly as it went out: the translator's tool only ever sees
// what was written, so a round trip that changes a text would change what the customer reads.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fromCsv, toCsv } from './csv'
import { unit } from './testing/units'
import { fromXliff, toXliff } from './xliff'

// Pieces that each stress one escape: XML's specials, quotes and separators, line ends, spaces at the ends,
// placeholders (closed, nested, escaped, unclosed), control characters and lone surrogates, astral characters.
const piece = fc.oneof(
  fc.constantFrom('<', '>', '&', '&amp;', '"', "'", ',', ';', '\t', '\n', '\r\n', '\r', ' ', '  ', ']]>', '<!--'),
  fc.constantFrom('{{name}}', '{{ a.b }}', "{{concat('}}', x)}}", '\\{{', '{{', '}}', '{{a}}{{b}}', '{{a}} {{b}}'),
  fc.constantFrom('\u0000', '\u0007', '\u001F', '\uFFFE', '\uD800', '\uDC00', '😀', '👍🏽', 'ñ', '日本'),
  fc.string({ maxLength: 6 }),
)
const text = fc.array(piece, { minLength: 1, maxLength: 8 }).map((xs) => xs.join(''))

describe('round trips of any text', () => {
  it('XLIFF: source and target come back exactly (an empty target is no translation)', () => {
    fc.assert(
      fc.property(text, text, (source, target) => {
        const u = unit('n_1', '/text', source, { translations: { es: { text: target, outdated: false } } })
        const read = fromXliff(toXliff([u], { source: 'en', target: 'es', flowId: 'f', flowName: 'F' }))
        expect(read.ok && read.texts.rows.map((r) => [r.source, r.target, r.problem])).toEqual([
          [source, target === '' ? null : target, undefined],
        ])
      }),
      { numRuns: 300, seed: 35 },
    )
  })

  it('CSV: source and target come back exactly, but a CRLF inside a field reads as LF', () => {
    fc.assert(
      fc.property(text, text, (source, target) => {
        const u = unit('n_1', '/text', source, { translations: { es: { text: target, outdated: false } } })
        const read = fromCsv(toCsv([u], 'es', { source: 'en', flowId: 'f' }))
        const lf = (s: string) => s.replace(/\r\n/g, '\n')
        expect(read.ok && read.texts.rows.map((r) => [r.source, r.target])).toEqual([
          [lf(source), target === '' ? null : lf(target)],
        ])
      }),
      { numRuns: 300, seed: 35 },
    )
  })
})
