import { describe, expect, it } from 'vitest'
import type { FlowDocument } from '../../shared/flow/document'
import { copyClip, pasteClip } from './clipboard'
import { removeNodeTranslations, setTranslation, translationOf } from '../../shared/flow/translations'
import { changeDefaultLanguage, withoutLanguage, type TextPointers } from './language-edits'
import { languagesOf, withLanguages } from './languages'
import { createEditorStore } from './store'
import { flow, node } from './testing/docs'

const bilingual = (): FlowDocument =>
  withLanguages(
    flow([
      node('t', 'trigger', 'trigger_1', { keywords: ['hi'] }),
      node('m', 'message', 'welcome', { text: 'Hello {{customer_name}}' }),
      node('q', 'message', 'bye', { text: 'Goodbye' }),
    ]),
    { list: ['en', 'es', 'fr'], default: 'en', from: null, detect: true },
  )
const textOf: TextPointers = (n) => (n.type === 'message' ? ['/text'] : [])
const table = (doc: FlowDocument) => (doc as { translations?: unknown }).translations

describe('translations edited in the studio', () => {
  it('writes one translation with its source, and clearing it deletes it and the emptied entries', () => {
    const doc = setTranslation(bilingual(), 'es', 'm', '/text', 'Hola {{customer_name}}', 'Hello {{customer_name}}')
    expect(translationOf(doc, 'es', 'm', '/text')).toEqual({
      text: 'Hola {{customer_name}}',
      source: 'Hello {{customer_name}}',
    })
    const cleared = setTranslation(doc, 'es', 'm', '/text', '', 'Hello {{customer_name}}')
    expect(translationOf(cleared, 'es', 'm', '/text')).toBeNull()
    expect(table(cleared)).toBeUndefined()
  })

  it('drops a removed language and a deleted node from the table, and undo brings them back', () => {
    let doc = setTranslation(bilingual(), 'es', 'm', '/text', 'Hola', 'Hello {{customer_name}}')
    doc = setTranslation(doc, 'fr', 'm', '/text', 'Bonjour', 'Hello {{customer_name}}')
    expect(table(withoutLanguage(doc, 'es'))).toEqual({
      fr: { m: { '/text': { text: 'Bonjour', source: 'Hello {{customer_name}}' } } },
    })
    expect(table(removeNodeTranslations(doc, new Set(['m'])))).toBeUndefined()

    const store = createEditorStore(doc)
    store.getState().deleteElements(['m'], [])
    expect(table(store.getState().doc)).toBeUndefined()
    store.getState().undo()
    expect(translationOf(store.getState().doc, 'fr', 'm', '/text')?.text).toBe('Bonjour')
  })

  it('copies translations with the nodes and pastes them under the new ids', () => {
    const doc = setTranslation(bilingual(), 'es', 'm', '/text', 'Hola', 'Hello {{customer_name}}')
    const { doc: pasted, nodes } = pasteClip(doc, copyClip(doc, ['m']), null)
    expect(translationOf(pasted, 'es', nodes[0]!.id, '/text')?.text).toBe('Hola')
    // Into a flow that does not speak Spanish, the Spanish texts stay behind.
    const other = pasteClip(flow([]), copyClip(doc, ['m']), null)
    expect(table(other.doc)).toBeUndefined()
  })

  it('makes another language the default by swapping the texts, keeping untranslated ones and counting them', () => {
    const doc = setTranslation(bilingual(), 'es', 'm', '/text', 'Hola {{customer_name}}', 'Hello {{customer_name}}')
    const r = changeDefaultLanguage(doc, 'es', textOf)
    expect(r).toMatchObject({ previous: 'en', kept: 1 })
    expect(languagesOf(r.doc)?.default).toBe('es')
    expect(r.doc.nodes.find((n) => n.id === 'm')?.config).toMatchObject({ text: 'Hola {{customer_name}}' })
    expect(r.doc.nodes.find((n) => n.id === 'q')?.config).toMatchObject({ text: 'Goodbye' })
    // English is now a translation, nothing lost; Spanish, the default, has no table of its own.
    expect(translationOf(r.doc, 'en', 'm', '/text')).toEqual({
      text: 'Hello {{customer_name}}',
      source: 'Hola {{customer_name}}',
    })
    expect(translationOf(r.doc, 'en', 'q', '/text')?.text).toBe('Goodbye')
    expect((table(r.doc) as Record<string, unknown>).es).toBeUndefined()
    // Back again gives the texts as they were.
    const back = changeDefaultLanguage(r.doc, 'en', textOf)
    expect(back.doc.nodes.map((n) => n.config)).toEqual(doc.nodes.map((n) => n.config))
  })
})

describe('duplicating nodes that read each other', () => {
  it('rewrites the pasted translations to the pasted names, as the pasted configs', () => {
    const base = withLanguages(
      flow([
        node('q', 'question', 'ask_name', { prompt: 'Your name?', saveTo: 'name' }),
        node('g', 'message', 'greet', { text: 'Hello {{ask_name.value}}' }),
      ]),
      { list: ['en', 'es'], default: 'en', from: null, detect: true },
    )
    const doc = setTranslation(base, 'es', 'g', '/text', 'Hola {{ask_name.value}}', 'Hello {{ask_name.value}}')
    const { doc: pasted, nodes } = pasteClip(doc, copyClip(doc, ['q', 'g']), null)
    const greet2 = nodes.find((n) => n.name === 'greet_2')!
    expect(greet2.config).toMatchObject({ text: 'Hello {{ask_name_2.value}}' })
    expect(translationOf(pasted, 'es', greet2.id, '/text')).toEqual({
      text: 'Hola {{ask_name_2.value}}',
      source: 'Hello {{ask_name_2.value}}',
    })
    // The originals are untouched.
    expect(translationOf(pasted, 'es', 'g', '/text')?.text).toBe('Hola {{ask_name.value}}')
  })
})
