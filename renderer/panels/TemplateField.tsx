import { OpenBuilderButton } from '../expr-editor/OpenBuilderButton'
import { InlineExprField } from './InlineExprField'

interface Props {
  id: string
  value: string
  onChange(value: string): void
  multiline: boolean
  describedBy?: string
  invalid?: boolean
  pointer: string
  /** The field's label: its accessible name, and the Expression Builder button's. */
  label: string
}

/** A text field that takes {{placeholders}}: the inline template editor (highlighting, completion, hover, lint)
 *  with the code icon beside it that opens the Expression Builder on the same text. */
export function TemplateField({ id, value, onChange, multiline, describedBy, invalid, pointer, label }: Props) {
  return (
    <div className="template-field-wrap">
      <InlineExprField
        id={id}
        value={value}
        onChange={onChange}
        multiline={multiline}
        label={label}
        describedBy={describedBy}
        invalid={invalid}
        pointer={pointer}
      />
      <OpenBuilderButton label={label} value={value} multiline={multiline} onChange={onChange} />
    </div>
  )
}
