import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { EditorContext } from './context'
import { LanguagesSection } from './LanguagesSection'
import { withLanguages } from './languages'
import { createEditorStore } from './store'
import { flow } from './testing/docs'

// The Languages section of Flow settings: a flow in one language teaches how to add one; a flow in several lists
// them with the default marked, and offers detection, where the language is kept, and translations in and out.

const render = (doc: ReturnType<typeof flow>) =>
  renderToStaticMarkup(
    <EditorContext.Provider value={createEditorStore(doc)}>
      <LanguagesSection />
    </EditorContext.Provider>,
  )

describe('the Languages section', () => {
  it('explains, in a flow of one language, what adding one does', () => {
    const html = render({ ...flow([]), settings: { locale: 'en-GB', timeZone: 'UTC', defaultCountry: null } })
    expect(html).toContain('This flow speaks one language, English (from its locale, en-GB). Add another')
    expect(html).toContain('Add a language')
    expect(html).not.toContain('Export translations')
    expect(html).not.toContain('Detect from')
    // Spanish made the default and English removed: one language, Spanish, whatever the locale.
    const spanish = render(withLanguages(flow([]), { list: ['es'], default: 'es', from: null, detect: true }))
    expect(spanish).toContain('This flow speaks one language, Spanish (es). Add')
  })

  it('lists the languages with the default marked and what each other one can do', () => {
    const html = render(
      withLanguages(flow([]), { list: ['en', 'es', 'pt-BR'], default: 'en', from: 'preferred_lang', detect: false }),
    )
    expect(html).toContain('aria-label="Languages of this flow"')
    expect(html).toMatch(/English \(en\)<\/span><span class="language-default">Default/)
    expect(html).toContain('aria-label="Make Brazilian Portuguese the default language"')
    expect(html).toContain('aria-label="Remove Spanish"')
    expect(html).not.toContain('aria-label="Remove English"')
    expect(html).toMatch(/<input type="checkbox"\/> Detect from the customer&#x27;s first message/)
    expect(html).toContain('value="preferred_lang"')
    expect(html).toContain('Export translations…')
    expect(html).toContain('Import translations…')
  })
})
