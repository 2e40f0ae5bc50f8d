import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { setTranslation, translationOf } from '../../shared/flow/translations'
import { EditorContext } from '../editor/context'
import { withLanguages } from '../editor/languages'
import { createEditorStore } from '../editor/store'
import { flow, node } from '../editor/testing/docs'
import { NodePanel } from './NodePanel'
import { useLanguageFields } from './language-fields'

// A node panel in another language (the toolbar's Language switch): its texts edit that language, with the default
// text under each, and everything shared by the languages is read-only.

const bilingual = () =>
  setTranslation(
    withLanguages(
      flow([
        node('b', 'interactive_message', 'ask', {
          body: 'Shall we book?',
          buttons: [
            { id: 'yes', title: 'Yes' },
            { id: 'no', title: 'No' },
          ],
        }),
      ]),
      { list: ['en', 'es'], default: 'en', from: null, detect: true },
    ),
    'es',
    'b',
    '/buttons/0/title',
    'Sí',
    'Yes',
  )

const render = (store: ReturnType<typeof createEditorStore>) =>
  renderToStaticMarkup(
    <EditorContext.Provider value={store}>
      <NodePanel nodeId="b" />
    </EditorContext.Provider>,
  )

describe('a node panel in another language', () => {
  it('edits the translations, says what is missing and locks what every language shares', () => {
    const store = createEditorStore(bilingual(), 'es')
    const html = render(store)
    expect(html).toContain('Texts in Spanish.')
    expect(html).toContain('data-pointer="/buttons/0/title" aria-label="Title in Spanish">Sí<')
    expect(html).toMatch(
      /<span class="translated-source-label">English:<\/span> <span class="translated-source-text">Yes</,
    )
    // The body has no Spanish yet: the field is empty and marked Missing.
    expect(html).toMatch(/Body <span class="translated-language">Spanish<\/span><span class="translated-missing"/)
    // Button ids route the flow: shared, read-only, and the list cannot grow or shrink here.
    expect(html).toMatch(/<fieldset disabled="" class="field-locked">.*data-pointer="\/buttons\/0\/id"/)
    expect(html).not.toContain('Add button')
    expect(html).not.toContain('aria-label="Remove Button 1"')
  })

  it('shows the default language as before when the switch is on it', () => {
    const store = createEditorStore(bilingual())
    const html = render(store)
    expect(html).not.toContain('Texts in Spanish.')
    expect(html).not.toContain('field-locked')
    expect(html).toContain('Add button')
  })

  it('writes a translation as one undo step per field, and clearing it deletes it', () => {
    const store = createEditorStore(bilingual(), 'es')
    let fields: ReturnType<typeof useLanguageFields> = null
    function Probe() {
      fields = useLanguageFields(store.getState().doc.nodes[0])
      return null
    }
    renderToStaticMarkup(
      <EditorContext.Provider value={store}>
        <Probe />
      </EditorContext.Provider>,
    )
    fields!.translate('/body', '¿Reser')
    fields!.translate('/body', '¿Reservamos?')
    expect(translationOf(store.getState().doc, 'es', 'b', '/body')).toEqual({
      text: '¿Reservamos?',
      source: 'Shall we book?',
    })
    expect(store.getState().history.past).toHaveLength(1)
    fields!.translate('/buttons/0/title', '')
    expect(translationOf(store.getState().doc, 'es', 'b', '/buttons/0/title')).toBeNull()
    store.getState().undo()
    expect(translationOf(store.getState().doc, 'es', 'b', '/buttons/0/title')?.text).toBe('Sí')
    // A pointer that is not one of the node's customer texts is never written.
    fields!.translate('/buttons/0/id', 'si')
    expect(translationOf(store.getState().doc, 'es', 'b', '/buttons/0/id')).toBeNull()
  })
})
