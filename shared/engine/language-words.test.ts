import { describe, expect, it } from 'vitest'
import { buildFlow, type NodeSpec } from '../analysis/testing/build'
import { setTranslation } from '../flow/translations'
import type { FlowDocument } from '../flow/document'
import { chooseLanguage } from './language'
import { detectLanguage } from './language-detect'
import { flowLexicon } from './language-lexicon'
import { functionWordEvidence, uniqueWords, voteByWords, wordsOf } from './language-words'
import type { TriggerInput } from './types'

// Detection by words before trigrams (docs/languages.md, "The contact's language"): franc-min alone calls short
// English messages Spanish in an en/es flow.

const said = (text: string): TriggerInput => ({ kind: 'keyword', keyword: 'hi', message: { type: 'text', text } })

/** A small en/es flow: each message node's default (English) text and its Spanish translation. */
function bilingual(texts: [string, string][]): FlowDocument {
  let doc = buildFlow(
    [
      ['trigger', 'trigger_1', { kind: 'keyword', keywords: ['hi'] }],
      ...texts.map(([en], i): NodeSpec => ['message', `m${i}`, { text: en }]),
    ],
    texts.map((_, i) => [i === 0 ? 'trigger_1' : `m${i - 1}`, 'out', `m${i}`] as [string, string, string]),
    {
      settings: {
        locale: 'en',
        timeZone: 'UTC',
        defaultCountry: null,
        languages: { list: ['en', 'es'], default: 'en', detect: true },
      },
    },
  )
  texts.forEach(([en, es], i) => {
    const id = doc.nodes.find((n) => n.name === `m${i}`)!.id
    doc = setTranslation(doc, 'es', id, '/text', es, en)
  })
  return doc
}

const salon = bilingual([
  [
    'Hello {{contact.name}}, which service would you like to book?',
    'Hola {{contact.name}}, ¿qué servicio quieres reservar?',
  ],
  ['Haircut, colour or manicure at Studio Aurora', 'Corte de pelo, coloración o manicura en Studio Aurora'],
  ['When would you like to come?', '¿Cuándo quieres venir?'],
  ['Your appointment is confirmed. See you soon!', 'Tu cita está confirmada. ¡Hasta pronto!'],
])

describe('detecting the language by words', () => {
  const lexicon = flowLexicon(salon)
  const detect = (text: string) => detectLanguage(text, ['en', 'es'], { lexicon })

  it('calls short English first messages English in an en/es flow', () => {
    for (const text of [
      'Book a haircut please',
      'Book a manicure please',
      'Can I get an appointment tomorrow',
      'I need to change my booking',
    ])
      expect([text, detect(text)]).toEqual([text, 'en'])
  })

  it('calls short Spanish first messages Spanish', () => {
    for (const text of [
      'Quiero reservar un corte',
      'Necesito una cita para mañana por favor',
      'Hola, quiero cambiar mi cita',
    ])
      expect([text, detect(text)]).toEqual([text, 'es'])
  })

  it('reads the flow through chooseLanguage, and a settings object alone still detects', () => {
    expect(chooseLanguage(salon, {}, said('Book a haircut please'), {})).toEqual({ language: 'en', how: 'detected' })
    expect(chooseLanguage(salon, {}, said('Hola, quiero cambiar mi cita'), {})).toEqual({
      language: 'es',
      how: 'detected',
    })
    expect(chooseLanguage({ settings: salon.settings }, {}, said('Hola, quiero cambiar mi cita'), {}).language).toBe(
      'es',
    )
  })

  it('leaves a message with words of neither source to franc, as before', () => {
    const text = 'Wonderful sunshine everywhere tonight, lovely weather'
    expect(voteByWords(text, lexicon)).toBeNull()
    expect(voteByWords(text, functionWordEvidence(['en', 'es'])!)).toBeNull()
    expect(detect(text)).toBe('en')
    // Under 25 letters franc's runner-up must trail by 15%: three cognates score Spanish 1, English 0.93.
    expect(detect('Terminal central hospital')).toBeNull()
    // The 12-letter floor holds whatever the words say.
    expect(detect('Hola cita')).toBeNull()
  })

  it('builds a lexicon without placeholders and without the words two languages share', () => {
    expect(lexicon.get('en')).toContain('haircut')
    expect(lexicon.get('es')).toContain('reservar')
    for (const shared of ['contact', 'name', 'studio', 'aurora']) {
      expect(lexicon.get('en')).not.toContain(shared)
      expect(lexicon.get('es')).not.toContain(shared)
    }
    expect(flowLexicon(salon)).toBe(lexicon) // once per document
  })

  it('does not count a word of the flow’s English texts that is a common Spanish word', () => {
    const reminders = bilingual([
      ['Remind me tomorrow', 'Recuérdame mañana'],
      ['Your visit is booked', 'Tu visita está reservada'],
    ])
    const text = 'Me gustaría saber el precio'
    expect(flowLexicon(reminders).get('en')).toContain('me')
    expect(detectLanguage(text, ['en', 'es'], { lexicon: flowLexicon(reminders) })).toBe('es')
  })

  it('falls back to franc and the default when the flow’s texts share every word', () => {
    const same = bilingual([
      ['Studio Aurora {{contact.name}}', 'Studio Aurora {{contact.name}}'],
      ['OK 24/7', 'OK 24/7'],
    ])
    const lex = flowLexicon(same)
    expect([...lex.get('en')!, ...lex.get('es')!]).toEqual([])
    const text = 'Wonderful sunshine everywhere tonight, lovely weather'
    expect(detectLanguage(text, ['en', 'es'], { lexicon: lex })).toBe(detectLanguage(text, ['en', 'es']))
    expect(chooseLanguage(same, {}, said('Aurora ok'), {})).toEqual({ language: 'en', how: 'default' })
  })
})

describe('the common words of each language', () => {
  it('decide en/pt and fr/de pairs', () => {
    expect(detectLanguage('I would like to book a table please', ['en', 'pt'])).toBe('en')
    expect(detectLanguage('Olá, quero marcar uma consulta', ['en', 'pt'])).toBe('pt')
    expect(detectLanguage('Bonjour, je voudrais un rendez-vous', ['fr', 'de'])).toBe('fr')
    expect(detectLanguage('Hallo, ich möchte einen Termin bitte', ['fr', 'de'])).toBe('de')
  })

  it('count only the words unique to one of the flow’s languages', () => {
    const esPt = functionWordEvidence(['es', 'pt'])!
    expect(esPt.get('es')).not.toContain('que') // Spanish and Portuguese both
    expect(esPt.get('pt')).not.toContain('de')
    expect(esPt.get('es')).toContain('hola')
    expect(functionWordEvidence(['en', 'es'])!.get('en')).toContain('please')
    // A language without a list: its words are unknown, so no common word may speak against it.
    expect(functionWordEvidence(['en', 'ro'])).toBeNull()
    // Two tags of one language share a list; the first listed names it.
    expect([...functionWordEvidence(['es-MX', 'en', 'es-ES'])!.keys()]).toEqual(['es-MX', 'en'])
  })

  it('vote only on a strict majority', () => {
    const ev = uniqueWords(
      new Map([
        ['en', ['please', 'book']],
        ['es', ['favor', 'cita']],
      ]),
    )
    expect(voteByWords('book, por favor', ev)).toBeNull()
    expect(voteByWords('book please, por favor', ev)).toBe('en')
    expect(wordsOf('¡Mañana, 10:30! São-Paulo')).toEqual(['mañana', 'são', 'paulo'])
  })
})
