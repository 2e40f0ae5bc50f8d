import { describe, expect, it } from 'vitest'
import { fromXliff, fromNmtoken, nmtoken, toXliff, toXliffSet } from './xliff'
import { TRICKY_UNITS, unit } from './testing/units'

const opts = { source: 'en', target: 'es', flowId: 'f_shop', flowName: 'Shop & "more"' }

function read(xml: string) {
  const r = fromXliff(xml)
  if (!r.ok) throw new Error(r.error.message)
  return r.texts
}

/** What a translator's tool does: fill every target, keeping the <ph> elements as they are. */
function translate(xml: string, edit: (sourceInner: string) => string): string {
  return xml.replace(
    /(<segment[^>]*>\n\s*<source>)([\s\S]*?)(<\/source>)(\n\s*<target>[\s\S]*?<\/target>)?/g,
    (_m, a, src, c) => {
      return `${a}${src}${c}<target>${edit(src)}</target>`
    },
  )
}

describe('XLIFF 2.0 export', () => {
  it('writes one file per flow, a unit per text with its notes, limit and placeholders as <ph>', () => {
    const xml = toXliff([TRICKY_UNITS[0]!, TRICKY_UNITS[2]!], opts)
    expect(xml).toContain('<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0"')
    expect(xml).toContain('version="2.0" srcLang="en" trgLang="es"')
    expect(xml).toContain('<file id="f_shop" original="f_shop">')
    expect(xml).toContain('<note category="flow">Shop &amp; "more"</note>')
    expect(xml).toContain(
      '<unit id="n_menu.buttons.0.title" name="n_menu/buttons/0/title" xml:space="preserve" slr:sizeRestriction="20">',
    )
    expect(xml).toContain(
      '<notes><note category="node">menu (message)</note><note category="field">Button 1 title</note><note category="limit">At most 20 characters</note></notes>',
    )
    expect(xml).toContain(
      '<source>Hi <ph id="1" disp="{{customer_name}}" equiv="{{customer_name}}"/>, your order <ph id="2" disp="{{order.id}}" equiv="{{order.id}}"/> ships on <ph id="3" disp="{{format_date(ship, &quot;d MMM&quot;)}}" equiv="{{format_date(ship, &quot;d MMM&quot;)}}"/>.</source>',
    )
    // No translation yet: no <target>, the segment is 'initial'.
    expect(xml).not.toContain('<target>')
    expect(xml).toContain('<segment state="initial">')
  })

  it('carries an existing translation as the target, its placeholders with the source ids', () => {
    const u = unit('n_1', '/text', 'Hi {{a}} and {{b}}', {
      translations: { es: { text: 'Hola {{b}} y {{a}}', outdated: false } },
    })
    const xml = toXliff([u], opts)
    expect(xml).toContain('<segment state="translated">')
    expect(xml).toContain(
      '<target>Hola <ph id="2" disp="{{b}}" equiv="{{b}}"/> y <ph id="1" disp="{{a}}" equiv="{{a}}"/></target>',
    )
  })

  it('marks an outdated translation for review', () => {
    const u = unit('n_1', '/text', 'Hi', { translations: { es: { text: 'Hola', outdated: true } } })
    const xml = toXliff([u], opts)
    expect(xml).toContain('<segment state="initial">')
    expect(xml).toContain('<note category="outdated">')
  })

  it('a flow or node name with a character XML cannot hold still gives a well-formed file', () => {
    const xml = toXliff([unit('n_1', '/text', 'Hi', { nodeName: 'bell\u0007' })], { ...opts, flowName: 'Shop\u0000' })
    expect(fromXliff(xml).ok).toBe(true)
    expect(xml).toContain('<note category="flow">Shop\uFFFD</note>')
  })

  it('unit ids are NMTOKENs and decode back', () => {
    for (const id of ['n_1/text', 'n_a/list/sections/0/rows/1/description', 'n_x/a~1b', 'n ü:.']) {
      expect(nmtoken(id)).toMatch(/^[A-Za-z0-9_.:-]+$/)
      expect(fromNmtoken(nmtoken(id))).toBe(id)
    }
  })
})

describe('XLIFF 2.0 round trip', () => {
  it('every text comes back exactly: XML specials, quotes, newlines, spaces, escapes, control characters, emoji', () => {
    const xml = toXliff(TRICKY_UNITS, opts)
    const texts = read(xml)
    expect(texts).toMatchObject({ format: 'xliff', source: 'en', target: 'es' })
    expect(texts.rows.map((r) => [r.flowId, r.unitId, r.source, r.target])).toEqual(
      TRICKY_UNITS.map((u) => ['f_shop', u.id, u.source, null]),
    )
    // The translator's tool copies the source (placeholders included) into the target.
    const back = read(translate(xml, (src) => src))
    expect(back.rows.map((r) => r.target)).toEqual(TRICKY_UNITS.map((u) => u.source))
    expect(back.rows.every((r) => r.problem === undefined)).toBe(true)
  })

  it('a target <ph> is read as the source placeholder of the same id, even written with its id alone', () => {
    const xml = toXliff([unit('n_1', '/text', 'Hi {{a}} and {{b}}')], opts)
    const done = translate(xml, () => 'Hola <ph id="2"/> y <ph id="1"/>')
    expect(read(done).rows[0]!.target).toBe('Hola {{b}} y {{a}}')
  })

  it('a placeholder typed as text in the target stays text, to be checked on import', () => {
    const xml = toXliff([unit('n_1', '/text', 'Hi {{name}}')], opts)
    expect(read(translate(xml, () => 'Hola {{nombre}}')).rows[0]!.target).toBe('Hola {{nombre}}')
  })

  it('a target <ph> the source does not have, or an inline element it never writes, makes the row a problem', () => {
    const xml = toXliff([unit('n_1', '/text', 'Hi {{name}}'), unit('n_2', '/text', 'Bye')], opts)
    const rows = read(
      translate(xml, (src) => (src.includes('ph') ? 'Hola <ph id="7"/>' : '<pc id="1">Adiós</pc>')),
    ).rows
    expect(rows[0]!.problem).toMatch(/<ph id="7">/)
    expect(rows[1]!.problem).toMatch(/<pc>/)
  })

  it('reads several segments and ignorables of a unit as one text, and units inside groups', () => {
    const xml = `<?xml version="1.0"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="es">
  <file id="f_1">
    <group id="g">
      <unit id="n_1.text">
        <segment><source>Hello.</source><target>Hola.</target></segment>
        <ignorable><source> </source></ignorable>
        <segment><source>Bye <mrk id="m1" translate="no">now</mrk>.</source><target>Adiós <mrk id="m1">ya</mrk>.</target></segment>
      </unit>
    </group>
  </file>
</xliff>`
    expect(read(xml).rows).toEqual([
      {
        flowId: 'f_1',
        unitId: 'n_1/text',
        source: 'Hello. Bye now.',
        target: 'Hola. Adiós ya.',
        where: "unit 'n_1/text' (line 5)",
      },
    ])
  })

  it('an empty <target/> is no translation', () => {
    const xml = toXliff([unit('n_1', '/text', 'Hi {{name}}')], opts).replace('</source>', '</source><target/>')
    expect(read(xml).rows[0]!.target).toBeNull()
  })

  it("a target's <ph> may name a placeholder another segment's source holds (tools move them across segments)", () => {
    const xml = `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="es"><file id="f">
<unit id="u"><segment><source>Hi.</source><target>Hola <ph id="1"/>.</target></segment><segment><source> Bye <ph id="1" equiv="{{name}}"/>.</source><target> Adiós.</target></segment></unit></file></xliff>`
    expect(read(xml).rows[0]).toMatchObject({ source: 'Hi. Bye {{name}}.', target: 'Hola {{name}}. Adiós.' })
    expect(read(xml).rows[0]!.problem).toBeUndefined()
  })

  it('a unit translated in some segments only is a problem row', () => {
    const xml = `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="es"><file id="f">
<unit id="u"><segment><source>A.</source><target>A.</target></segment><segment><source>B.</source></segment></unit></file></xliff>`
    expect(read(xml).rows[0]!.problem).toMatch(/1 of its segments have no translation/)
  })

  it('CRLF line ends in the file read as LF; a carriage return written as a reference survives', () => {
    const xml = toXliff([unit('n_1', '/text', 'one\ntwo\r\nthree')], opts).replace(/\n/g, '\r\n')
    expect(xml).toContain('&#13;')
    expect(read(xml).rows[0]!.source).toBe('one\ntwo\r\nthree')
  })

  it('several flows in one file keep their flow ids', () => {
    const xml = toXliffSet(
      [
        { flowId: 'f_a', flowName: 'A', units: [unit('n_1', '/text', 'a')] },
        { flowId: 'f_b', flowName: 'B', units: [unit('n_1', '/text', 'b')] },
      ],
      { source: 'en', target: 'fr' },
    )
    expect(read(xml).rows.map((r) => [r.flowId, r.unitId, r.source])).toEqual([
      ['f_a', 'n_1/text', 'a'],
      ['f_b', 'n_1/text', 'b'],
    ])
  })
})

describe('XLIFF files refused whole, with the line', () => {
  const refused = (xml: string) => {
    const r = fromXliff(xml)
    if (r.ok) throw new Error('read a file it should refuse')
    expect(r.error.code).toBe('translations.bad_file')
    return r.error
  }

  it.each([
    ['not XML', 'id,target\nn_1/text,Hola\n', /not well-formed XML: non-whitespace before first tag/],
    [
      'unclosed',
      '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0">\n<file id="f">',
      /not well-formed XML: unclosed root tag \(line 2\)/,
    ],
    [
      'mismatched',
      '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0">\n<file id="f">\n</xliff>',
      /unexpected close tag \(line 3\)/,
    ],
    [
      'an unknown entity',
      '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0"><file id="f">&nbsp;</file></xliff>',
      /invalid character entity/,
    ],
    ['another root', '<html><body/></html>', /the root element is <html>, not <xliff> \(line 1\)/],
    [
      'XLIFF 1.2',
      '<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2"/>',
      /this is XLIFF 1.2; export and import XLIFF 2.0/,
    ],
    [
      'a unit without id',
      '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0"><file id="f">\n\n<unit><segment><source>a</source></segment></unit></file></xliff>',
      /a <unit> has no id \(line 3\)/,
    ],
    [
      'a unit without segment',
      '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0"><file id="f"><unit id="u"/></file></xliff>',
      /unit 'u' has no <segment>/,
    ],
    [
      'stray text',
      '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0"><file id="f">hello<unit id="u"/></file></xliff>',
      /text "hello" directly inside <file>/,
    ],
    ['an empty file', '', /no XML element in the file/],
  ])('%s', (_what, xml, message) => {
    expect(refused(xml).message).toMatch(message)
  })

  it('a DOCTYPE (billion laughs) is refused before any entity is declared', () => {
    const lol = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0"><file id="f"><unit id="u"><segment><source>&lol9;</source></segment></unit></file></xliff>`
    const error = refused(lol)
    expect(error.message).toMatch(/a DOCTYPE is not allowed/)
    expect(error.line).toBe(7)
  })

  it('an external entity (XXE) is refused the same way', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><xliff>&xxe;</xliff>`
    expect(refused(xxe).message).toMatch(/a DOCTYPE is not allowed/)
  })

  it('elements nested too deep are refused', () => {
    const deep = '<a>'.repeat(100) + '</a>'.repeat(100)
    expect(refused(deep).message).toMatch(/nested deeper than 32 levels/)
  })

  it('too many elements are refused', () => {
    const many = '<xliff>' + '<x/>'.repeat(400_001) + '</xliff>'
    expect(refused(many).message).toMatch(/more than 400000 elements/)
  })
})
