import { useRef } from 'react'
import { OpenBuilderButton } from '../expr-editor/OpenBuilderButton'
import { Highlighted } from './Highlighted'

interface Props {
  id: string
  value: string
  onChange(value: string): void
  multiline: boolean
  describedBy?: string
  invalid?: boolean
  pointer: string
  /** The field's visible label, for the Expression Builder button's accessible name. */
  label: string
}

/** A text field that takes {{placeholders}}: the text is drawn highlighted behind a transparent textarea, so
 *  editing stays a native textarea (undo, selection, IME) while placeholders stand out. */
export function TemplateField({ id, value, onChange, multiline, describedBy, invalid, pointer, label }: Props) {
  const back = useRef<HTMLDivElement>(null)
  return (
    <div className="template-field-wrap">
      <div className={`template-field${multiline ? ' multiline' : ''}`}>
        <div className="template-backdrop" ref={back} aria-hidden="true">
          <Highlighted text={value} />
          {'\n'}
        </div>
        <textarea
          id={id}
          value={value}
          rows={multiline ? 4 : 1}
          spellCheck={false}
          data-pointer={pointer}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onChange={(e) => onChange(multiline ? e.target.value : e.target.value.replace(/\n/g, ''))}
          onKeyDown={(e) => {
            if (!multiline && e.key === 'Enter') e.preventDefault()
          }}
          onScroll={(e) => {
            if (back.current) back.current.scrollTop = e.currentTarget.scrollTop
          }}
        />
      </div>
      <OpenBuilderButton label={label} value={value} multiline={multiline} onChange={onChange} />
    </div>
  )
}
