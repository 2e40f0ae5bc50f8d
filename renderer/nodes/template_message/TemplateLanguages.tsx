import { flowLanguages, languageLabel } from '../../../shared/flow/languages'
import { channelCode } from '../../../shared/nodes/template_message/languages'
import { useEditor } from '../../editor/context'
import { Messages, type FieldWidgetProps } from '../../panels/SchemaFields'

/**
 * The template's language code for each of the flow's other languages (docs/languages.md, "Template messages"):
 * one box per language, empty meaning the language's own code (shown as the placeholder). In a flow of one language,
 * where only Language is sent, a line saying where the boxes come from (an empty state that teaches).
 */
export function TemplateLanguages({ id, pointer, value, problems, set }: FieldWidgetProps) {
  const settings = useEditor((s) => s.doc.settings)
  const { list, default: def, multi } = flowLanguages({ settings })
  if (!multi)
    return (
      <p className="field-help">
        <strong>Template language per flow language</strong>: add a language to the flow (Flow settings, Languages) to
        send another version of this template to customers who speak it.
      </p>
    )
  const codes = (value && typeof value === 'object' ? value : {}) as Record<string, string>
  const others = list.filter((l) => l !== def)
  const msgId = `${id}-problems`
  const change = (language: string, code: string) => {
    const next = { ...codes }
    if (code.trim()) next[language] = code.trim()
    else delete next[language]
    set(pointer, next)
  }
  return (
    <fieldset className="field-group" aria-describedby={problems?.length ? msgId : undefined}>
      <legend>Template language per flow language</legend>
      <p className="field-help">
        The version sent when the run speaks each language; empty: its own code, if the library has it, else Language.
      </p>
      {others.map((language) => (
        <div className="field" key={language}>
          <label htmlFor={`${id}-${language}`}>{languageLabel(language)}</label>
          <input
            id={`${id}-${language}`}
            type="text"
            data-pointer={`${pointer}/${language}`}
            value={codes[language] ?? ''}
            placeholder={channelCode(language)}
            spellCheck={false}
            onChange={(e) => change(language, e.target.value)}
          />
        </div>
      ))}
      <Messages id={msgId} problems={problems} />
    </fieldset>
  )
}
