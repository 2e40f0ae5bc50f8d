import { describe, expect, it } from 'vitest'
import {
  copyNodeTranslations,
  pruneTranslations,
  removeNodeTranslations,
  setTranslation,
  translationOf,
} from './translations'
import { loadFlowWith, serialiseFlow } from './serialise'
import type { FlowDocument } from './document'

const base = {
  format: 'chatflow.flow/1',
  id: 'shop',
  name: 'Shop',
  active: true,
  nodes: [{ id: 'n1', type: 'message', name: 'message_1', position: { x: 0, y: 0 }, config: { text: 'Hello' } }],
  edges: [],
  settings: {
    locale: 'en-GB',
    timeZone: 'UTC',
    defaultCountry: null,
    languages: { list: ['en', 'es'], default: 'en' },
  },
}
const catalogue = new Map([['message', { type: 'message', label: 'Message', version: 1, migrations: [] }]])
const load = (value: object) => loadFlowWith(value, catalogue)
const doc = (): FlowDocument => {
  const r = load(base)
  if (!r.ok) throw new Error(r.error.message)
  return r.document
}

describe('the translations table', () => {
  it('sets, reads and deletes a translation without touching the document it was given', () => {
    const d0 = doc()
    const d1 = setTranslation(d0, 'es', 'n1', '/text', 'Hola', 'Hello')
    expect(d0.translations).toBeUndefined()
    expect(translationOf(d1, 'es', 'n1', '/text')).toEqual({ text: 'Hola', source: 'Hello' })
    expect(translationOf(d1, 'fr', 'n1', '/text')).toBeNull()
    expect(translationOf(d1, 'es', 'n1', '/other')).toBeNull()
    expect(translationOf(d1, 'es', 'constructor', '/text')).toBeNull()
    const d2 = setTranslation(d1, 'es', 'n1', '/text', '', 'Hello')
    expect(translationOf(d2, 'es', 'n1', '/text')).toBeNull()
    // Cleared all the way up: the document writes as one that never had translations.
    expect(d2.translations).toBeUndefined()
    expect(serialiseFlow(d2)).toBe(serialiseFlow(d0))
  })

  it('writes translations with sorted keys and reads them back the same', () => {
    let d = doc()
    d = setTranslation(d, 'es', 'n1', '/text', 'Hola', 'Hello')
    d = setTranslation(d, 'de', 'n1', '/text', 'Hallo', 'Hello')
    const text = serialiseFlow(d)
    expect(text.indexOf('"de": {')).toBeLessThan(text.indexOf('"es": {'))
    const again = load(JSON.parse(text))
    expect(again.ok && again.document.translations).toEqual(d.translations)
  })

  it('keeps a node id such as __proto__ as data, never as the prototype', () => {
    const d = setTranslation(doc(), 'es', '__proto__', '/text', 'Hola', 'Hello')
    expect(Object.getPrototypeOf(d.translations!.es)).toBe(Object.prototype)
    expect(translationOf(d, 'es', '__proto__', '/text')).toEqual({ text: 'Hola', source: 'Hello' })
  })

  it('removes the translations of deleted nodes and copies those of duplicated ones', () => {
    let d = setTranslation(doc(), 'es', 'n1', '/text', 'Hola', 'Hello')
    d = setTranslation(d, 'es', 'n2', '/text', 'Adiós', 'Bye')
    const copied = copyNodeTranslations(d, d, new Map([['n1', 'n3']]))
    expect(translationOf(copied, 'es', 'n3', '/text')).toEqual({ text: 'Hola', source: 'Hello' })
    const removed = removeNodeTranslations(copied, ['n1', 'n2'])
    expect(removed.translations).toEqual({ es: { n3: { '/text': { text: 'Hola', source: 'Hello' } } } })
    expect(removeNodeTranslations(removed, ['n3']).translations).toBeUndefined()
    expect(removeNodeTranslations(removed, ['nobody'])).toBe(removed)
  })

  it('prunes texts of nodes gone and pointers no longer declared, and keeps unlisted languages', () => {
    let d = setTranslation(doc(), 'es', 'n1', '/text', 'Hola', 'Hello')
    d = setTranslation(d, 'es', 'n1', '/buttons/3/title', 'Sí', 'Yes')
    d = setTranslation(d, 'es', 'gone', '/text', 'x', 'y')
    d = setTranslation(d, 'fr', 'n1', '/text', 'Bonjour', 'Hello')
    const pruned = pruneTranslations(d, () => [{ pointer: '/text' }])
    expect(pruned.translations).toEqual({
      es: { n1: { '/text': { text: 'Hola', source: 'Hello' } } },
      fr: { n1: { '/text': { text: 'Bonjour', source: 'Hello' } } },
    })
    expect(pruneTranslations(pruned, () => [{ pointer: '/text' }])).toBe(pruned)
  })

  it('refuses a hostile table with a clear message: too many languages, texts or characters, keys of the wrong shape', () => {
    const refused = (translations: unknown) => {
      const r = load({ ...base, translations })
      return r.ok ? 'accepted' : r.error.message
    }
    const t = (text: string, source = 'Hello') => ({ n1: { '/text': { text, source } } })
    expect(refused({ es: t('Hola') })).toBe('accepted')
    const langs = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`l${i}`, t('x')]))
    expect(refused(langs)).toBe(
      'Not a valid flow document: /translations: Translations into 21 languages; a flow has at most 20.',
    )
    expect(refused({ es: t('x'.repeat(4097)) })).toBe(
      'Not a valid flow document: /translations/es/n1/~1text/text: A translation may hold at most 4096 characters.',
    )
    const many = Object.fromEntries(
      Array.from({ length: 101 }, (_, i) => [
        `n${i}`,
        Object.fromEntries(Array.from({ length: 100 }, (_, j) => [`/t${j}`, { text: 'x', source: 'y' }])),
      ]),
    )
    expect(refused({ es: many })).toBe(
      "Not a valid flow document: /translations/es: 10100 translated texts in 'es'; a flow holds at most 10000 per language.",
    )
    expect(refused({ es: { n1: { text: { text: 'x', source: 'y' } } } })).toMatch(/JSON pointer/)
    expect(refused({ 'es es': t('x') })).toMatch(/BCP 47 tag/)
    expect(refused({ es: { n1: { '/text': { text: 'x' } } } })).toBe(
      'Not a valid flow document: /translations/es/n1/~1text/source: this required field is missing',
    )
  })
})
