import type { Problem } from '../../shared/nodes/types'
import { Highlighted } from './Highlighted'
import { Messages, type LanguageFields } from './SchemaFields'
import { TemplateField } from './TemplateField'

interface Props {
  id: string
  pointer: string
  label: string
  accessibleLabel: string
  text: { text: string; source: string; limit: number | null }
  language: LanguageFields
  template: boolean
  multiline: boolean
  problems: Problem[] | undefined
}

/**
 * A customer text in another of the flow's languages: the translation, edited as the default text is (placeholders
 * highlighted and completed), the default text under it to translate from, a Missing mark while it is empty (the
 * default text is sent then) and the channel's limit. Each change writes the document's `translations` (clearing the
 * field deletes the translation); typing in one field is one undo step.
 */
export function TranslatedField({
  id,
  pointer,
  label,
  accessibleLabel,
  text,
  language,
  template,
  multiline,
  problems,
}: Props) {
  const name = `${accessibleLabel} in ${language.name}`
  const sourceId = `${id}-source`
  const msgId = `${id}-problems`
  const describedBy = [sourceId, problems?.length ? msgId : ''].filter(Boolean).join(' ')
  const length = [...text.text].length
  const over = text.limit !== null && length > text.limit
  // Red only for what refuses the text (a placeholder dropped, over the limit), not for a warning.
  const invalid = over || !!problems?.some((p) => p.severity === 'error')
  const onChange = (v: string) => language.translate(pointer, v)
  return (
    <div className={`field translated-field${text.text ? '' : ' missing'}`}>
      <label htmlFor={id}>
        {label} <span className="translated-language">{language.name}</span>
        {!text.text && text.source && (
          <span className="translated-missing" title={`Not translated: the ${language.defaultName} text is sent`}>
            Missing
          </span>
        )}
      </label>
      {template ? (
        <TemplateField
          id={id}
          value={text.text}
          pointer={pointer}
          label={name}
          multiline={multiline}
          describedBy={describedBy}
          invalid={invalid}
          onChange={onChange}
        />
      ) : multiline ? (
        <textarea
          id={id}
          aria-label={name}
          rows={4}
          value={text.text}
          data-pointer={pointer}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input
          type="text"
          id={id}
          aria-label={name}
          value={text.text}
          data-pointer={pointer}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      <p className="translated-source" id={sourceId}>
        <span className="translated-source-label">{language.defaultName}:</span>{' '}
        <span className="translated-source-text">
          {text.source ? <Highlighted text={text.source} /> : <em>empty</em>}
        </span>
        {text.limit !== null && (
          <span
            className={`translated-count${over ? ' over' : ''}`}
            aria-label={`${length} of ${text.limit} characters`}
          >
            {length} / {text.limit}
          </span>
        )}
      </p>
      <Messages id={msgId} problems={problems} />
    </div>
  )
}
