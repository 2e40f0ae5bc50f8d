import { useId, useMemo } from 'react'
import { Languages } from 'lucide-react'
import { useEditor, useEditorStore } from './context'
import { isMultilingual, languageName, languagesOf, shownLanguage } from './languages'
import './languages.css'

/**
 * The toolbar's Language switch: which of the flow's languages the cards show and the node panels edit. Drawn only
 * for a flow with more than one language; a plain select, so Tab reaches it and the arrow keys change it. Showing
 * another language is a view: it changes nothing in the flow and is not an undo step.
 */
export function LanguageSwitch() {
  const store = useEditorStore()
  const settings = useEditor((s) => s.doc.settings)
  const chosen = useEditor((s) => s.language)
  const languages = useMemo(() => languagesOf({ settings } as Parameters<typeof languagesOf>[0]), [settings])
  const id = useId()
  if (!isMultilingual(languages)) return null
  const shown = shownLanguage(languages, chosen) ?? languages.default
  return (
    <span className={`language-switch${shown !== languages.default ? ' translating' : ''}`}>
      {/* The toolbar is full at 1200 px: an icon shows the label, which stays the select's accessible name. */}
      <label htmlFor={id} title="Language">
        <Languages size={14} aria-hidden="true" />
        <span className="language-switch-label">Language</span>
      </label>
      <select
        id={id}
        value={shown}
        title={`The language the cards show and the panels edit (the default: ${languageName(languages.default)})`}
        onChange={(e) => store.getState().setLanguage(e.target.value === languages.default ? null : e.target.value)}
      >
        {languages.list.map((tag) => (
          <option key={tag} value={tag}>
            {languageName(tag)}
          </option>
        ))}
      </select>
    </span>
  )
}
