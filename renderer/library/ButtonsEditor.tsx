import type { TemplateButton } from '../../shared/nodes/template_message/run-template'

const BLANK: Record<TemplateButton['type'], TemplateButton> = {
  quick_reply: { type: 'quick_reply', text: '' },
  url: { type: 'url', text: '', url: 'https://' },
  phone: { type: 'phone', text: '', phone: '+' },
}
const KIND_LABEL: Record<TemplateButton['type'], string> = { quick_reply: 'Quick reply', url: 'URL', phone: 'Phone' }

/** The template's buttons: add one of each kind, edit its label and target, remove it. */
export function ButtonsEditor({
  buttons,
  onChange,
}: {
  buttons: TemplateButton[]
  onChange(next: TemplateButton[]): void
}) {
  const set = (i: number, b: TemplateButton) => onChange(buttons.map((old, j) => (j === i ? b : old)))
  return (
    <fieldset className="template-buttons-editor">
      <legend>Buttons</legend>
      {buttons.map((b, i) => (
        <div
          key={i}
          className="template-button-row"
          role="group"
          aria-label={`Button ${i + 1} (${KIND_LABEL[b.type]})`}
        >
          <label>
            Button {i + 1} label
            <input value={b.text} onChange={(e) => set(i, { ...b, text: e.target.value })} />
          </label>
          {b.type === 'url' && (
            <label>
              Button {i + 1} URL
              <input
                value={b.url}
                placeholder="https://example.com/order/{{1}}"
                onChange={(e) => set(i, { ...b, url: e.target.value })}
              />
            </label>
          )}
          {b.type === 'phone' && (
            <label>
              Button {i + 1} phone
              <input
                value={b.phone}
                placeholder="+919800000001"
                onChange={(e) => set(i, { ...b, phone: e.target.value })}
              />
            </label>
          )}
          <button
            type="button"
            aria-label={`Remove button ${i + 1}`}
            onClick={() => onChange(buttons.filter((_, j) => j !== i))}
          >
            Remove
          </button>
        </div>
      ))}
      <div className="template-button-add">
        {(Object.keys(BLANK) as TemplateButton['type'][]).map((type) => (
          <button key={type} type="button" onClick={() => onChange([...buttons, { ...BLANK[type] }])}>
            Add {KIND_LABEL[type].toLowerCase()} button
          </button>
        ))}
      </div>
    </fieldset>
  )
}
