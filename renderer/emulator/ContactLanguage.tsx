import { useId } from 'react'
import { flowLanguages, matchLanguage } from '../../shared/flow/languages'
import type { FlowDocument } from '../../shared/flow/document'
import { languageLabel } from '../editor/languages'

interface Props {
  doc: FlowDocument
  language: string | null
  busy: boolean
  onChange(language: string | null): void
}

/**
 * The language the studio keeps for the test contact (docs/languages.md, "The contact's language"): a run of a flow
 * in several languages starts in it unless the flow's own variable says otherwise, as a customer's would. "None
 * stored" lets the flow choose (detection, then the default). Shown for a flow with more than one language, or when
 * the contact already has one (a Set Language node stored it), so it can be seen and cleared.
 */
export function ContactLanguage({ doc, language, busy, onChange }: Props) {
  const id = useId()
  const languages = flowLanguages(doc)
  if (!languages.multi && !language) return null
  const known = language === null || languages.list.includes(language)
  const meant = language ? matchLanguage(language, languages.list) : null
  return (
    <div className="emu-field">
      <label htmlFor={id}>Language</label>
      <select
        id={id}
        aria-label="Contact language"
        aria-describedby={`${id}-help`}
        value={language ?? ''}
        disabled={busy}
        onChange={(e) => onChange(e.target.value || null)}
      >
        <option value="">None stored (the flow chooses)</option>
        {languages.list.map((tag) => (
          <option key={tag} value={tag}>
            {languageLabel(tag)}
            {tag === languages.default ? ', the default' : ''}
          </option>
        ))}
        {!known && language && <option value={language}>{languageLabel(language)}, not a language of this flow</option>}
      </select>
      <span className="emu-hint" id={`${id}-help`}>
        {language === null
          ? languages.detect
            ? 'A new run detects the language from the first message, else uses the default.'
            : 'A new run uses the default language.'
          : meant
            ? `A new run speaks ${languageLabel(meant)}. A Set Language node in a run changes it.`
            : `Not a language of this flow: a new run detects or uses the default.`}
      </span>
    </div>
  )
}
