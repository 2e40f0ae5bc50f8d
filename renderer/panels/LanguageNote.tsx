import { Languages } from 'lucide-react'
import { useEditorStore } from '../editor/context'
import type { LanguageFields } from './SchemaFields'
import '../editor/languages.css'

/** Above a panel shown in another language: what it edits, and the way back to the settings every language shares. */
export function LanguageNote({ language }: { language: LanguageFields }) {
  const store = useEditorStore()
  const count = language.texts.size
  return (
    <div className="language-note" role="note">
      <Languages size={14} aria-hidden="true" />
      <p>
        {count > 0
          ? `Texts in ${language.name}. Everything else (routing, variables, expressions) is shared by every language and read-only here.`
          : `This node sends no text to translate: it is the same in every language.`}{' '}
        <button type="button" className="link-button" onClick={() => store.getState().setLanguage(null)}>
          Edit in {language.defaultName}
        </button>
      </p>
    </div>
  )
}
