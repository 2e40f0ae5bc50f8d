import { describe, expect, it } from 'vitest'
import { buildFlow } from './testing/build'
import { example } from './testing/examples'
import { placeholderChanges, placeholdersOf, textUnits, translationProblems } from './translations'
import { validateFlow } from './validate'
import { setTranslation } from '../flow/translations'
import type { FlowDocument } from '../flow/document'

const languages = {
  locale: 'en-GB',
  timeZone: 'UTC',
  defaultCountry: null,
  languages: { list: ['en', 'es', 'fr'], default: 'en', detect: true },
}

function shop(): FlowDocument {
  return buildFlow(
    [
      ['trigger', 'trigger_1', { kind: 'keyword', keywords: ['hi'] }],
      ['message', 'welcome', { text: 'Hello {{contact.name}}!' }],
      [
        'interactive_message',
        'menu',
        {
          body: 'What now?',
          footer: '',
          buttons: [
            { id: 'buy', title: 'Buy' },
            { id: 'help', title: 'Help' },
          ],
        },
      ],
      ['end', 'end_1'],
    ],
    [
      ['trigger_1', 'out', 'welcome'],
      ['welcome', 'out', 'menu'],
      ['menu', 'buy', 'end_1'],
      ['menu', 'help', 'end_1'],
    ],
    { settings: languages },
  )
}

const codes = (problems: { code: string }[]) => problems.map((p) => p.code).filter((c) => c.startsWith('translation.'))

describe('text units', () => {
  it('lists every customer text with a text to translate, in canvas order, with each language’s translation', () => {
    let doc = shop()
    doc = setTranslation(doc, 'es', 'n_welcome', '/text', '¡Hola {{contact.name}}!', 'Hello {{contact.name}}!')
    doc = setTranslation(doc, 'es', 'n_menu', '/body', '¿Y ahora?', 'What?')
    const units = textUnits(doc)
    expect(units.map((u) => [u.id, u.kind, u.limit])).toEqual([
      ['n_welcome/text', 'body', 4096],
      ['n_menu/body', 'body', 1024],
      ['n_menu/buttons/0/title', 'button', 20],
      ['n_menu/buttons/1/title', 'button', 20],
    ])
    expect(units[0]).toMatchObject({
      nodeName: 'welcome',
      nodeType: 'message',
      label: 'Message text',
      source: 'Hello {{contact.name}}!',
      translations: { es: { text: '¡Hola {{contact.name}}!', outdated: false }, fr: null },
    })
    expect(units[1]!.translations.es).toEqual({ text: '¿Y ahora?', outdated: true })
  })

  it('a flow of one language has units without translations', () => {
    const doc = example('age-gate')
    const units = textUnits(doc)
    expect(units.length).toBeGreaterThan(3)
    for (const u of units) expect(u.translations).toEqual({})
  })
})

describe('placeholders', () => {
  it('lists them as written, in order, and not an escaped one', () => {
    expect(placeholdersOf('Hi {{name}}, {{ concat(a, "}}") }} \\{{not}}')).toEqual([
      '{{name}}',
      '{{ concat(a, "}}") }}',
    ])
    expect(placeholdersOf('plain')).toEqual([])
  })

  it('finds a dropped, changed or added placeholder, whatever the order and spacing', () => {
    expect(placeholderChanges('{{a}} and {{b}}', '{{ b }} y {{a}}')).toEqual({ dropped: [], added: [] })
    expect(placeholderChanges('{{a}} and {{b}}', '{{a}}')).toEqual({ dropped: ['{{b}}'], added: [] })
    expect(placeholderChanges('{{name}}', '{{nombre}}')).toEqual({ dropped: ['{{name}}'], added: ['{{nombre}}'] })
    expect(placeholderChanges('{{a}} {{a}}', '{{a}}')).toEqual({ dropped: ['{{a}}'], added: [] })
  })
})

describe('translation problems', () => {
  it('warns per node and language of texts not translated, naming the language and the fields', () => {
    let doc = shop()
    doc = setTranslation(doc, 'es', 'n_menu', '/buttons/0/title', 'Comprar', 'Buy')
    const problems = translationProblems(doc).filter((p) => p.code === 'translation.missing')
    expect(problems.map((p) => [p.nodeId, p.field, p.pointer, p.severity, p.message])).toEqual([
      [
        'n_welcome',
        '/text',
        '/nodes/1/config/text',
        'warning',
        'Spanish (es): Message text is not translated; the English text is sent.',
      ],
      [
        'n_welcome',
        '/text',
        '/nodes/1/config/text',
        'warning',
        'French (fr): Message text is not translated; the English text is sent.',
      ],
      [
        'n_menu',
        '/body',
        '/nodes/2/config/body',
        'warning',
        'Spanish (es): Body and Button 2 title are not translated; the English text is sent.',
      ],
      [
        'n_menu',
        '/body',
        '/nodes/2/config/body',
        'warning',
        'French (fr): Body, Button 1 title and Button 2 title are not translated; the English text is sent.',
      ],
    ])
    // validateFlow carries them like every other problem.
    expect(codes(validateFlow(doc))).toContain('translation.missing')
  })

  it('warns of a translation whose default text changed since', () => {
    let doc = shop()
    doc = setTranslation(doc, 'es', 'n_welcome', '/text', 'Hola {{contact.name}}', 'Hi {{contact.name}}!')
    const outdated = translationProblems(doc).filter((p) => p.code === 'translation.outdated')
    expect(outdated.map((p) => [p.nodeId, p.field, p.message])).toEqual([
      [
        'n_welcome',
        '/text',
        'Spanish (es): Message text changed since it was translated; the earlier translation is sent until it is checked.',
      ],
    ])
  })

  it('refuses a translation that drops or changes a placeholder, or breaks the channel limit', () => {
    let doc = shop()
    doc = setTranslation(doc, 'es', 'n_welcome', '/text', '¡Hola {{nombre}}!', 'Hello {{contact.name}}!')
    doc = setTranslation(doc, 'es', 'n_menu', '/buttons/1/title', 'Ayuda con el pedido ya', 'Help')
    const errors = translationProblems(doc).filter((p) => p.severity === 'error')
    expect(errors.map((p) => [p.code, p.field, p.message])).toEqual([
      [
        'translation.placeholders',
        '/text',
        'Spanish (es) Message text: the translation drops {{contact.name}} and has {{nombre}}, which the English text does not; keep the placeholders of the English text as they are.',
      ],
      [
        'translation.limit',
        '/buttons/1/title',
        'Spanish (es) Button 2 title: 22 characters; the channel allows at most 20.',
      ],
    ])
  })

  it('applies the node type’s own rules to its texts in each language: two buttons may not share a title', () => {
    let doc = shop()
    doc = setTranslation(doc, 'es', 'n_menu', '/buttons/0/title', 'Sí', 'Buy')
    doc = setTranslation(doc, 'es', 'n_menu', '/buttons/1/title', 'Sí', 'Help')
    const rules = translationProblems(doc).filter((p) => p.code === 'translation.rule')
    expect(rules.map((p) => [p.severity, p.field, p.pointer])).toEqual([
      ['error', '/buttons/0/title', '/nodes/2/config/buttons/0/title'],
      ['error', '/buttons/1/title', '/nodes/2/config/buttons/1/title'],
    ])
    expect(rules[0]!.message).toMatch(/^Spanish \(es\): .*Sí/)
  })

  it('names translations into a language the flow does not list, or into its default', () => {
    let doc = shop()
    doc = setTranslation(doc, 'de', 'n_welcome', '/text', 'Hallo {{contact.name}}!', 'Hello {{contact.name}}!')
    doc = setTranslation(doc, 'en', 'n_welcome', '/text', 'Hey {{contact.name}}!', 'Hello {{contact.name}}!')
    const unknown = translationProblems(doc).filter((p) => p.code === 'translation.unknown_language')
    expect(unknown.map((p) => [p.pointer, p.severity, p.message])).toEqual([
      [
        '/translations/de',
        'warning',
        "Translations into German (de), which is not one of the flow's languages: they are never sent. Add the language or delete them.",
      ],
      [
        '/translations/en',
        'warning',
        "English (en) is the flow's default language: its texts are the nodes' own, so these translations are never sent.",
      ],
    ])
  })

  it('a fully translated flow has none, and a flow of one language none at all', () => {
    let doc = shop()
    for (const u of textUnits(doc))
      for (const lang of ['es', 'fr']) doc = setTranslation(doc, lang, u.nodeId, u.pointer, `${u.source}*`, u.source)
    expect(translationProblems(doc)).toEqual([])
    expect(codes(validateFlow(example('appointment')))).toEqual([])
  })
})
