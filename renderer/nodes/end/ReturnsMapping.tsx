import { pointerOf } from '../../../shared/flow/pointer'
import { useEditor } from '../../editor/context'
import type { FieldWidgetProps } from '../../panels/SchemaFields'
import { Messages } from '../../panels/SchemaFields'
import { TemplateField } from '../../panels/TemplateField'

/**
 * An End's `returns` in a callable flow: one {{ }} template per output the flow declares (Settings → Interface).
 * Left empty, the output is not returned here. In a flow that is not callable there is nothing to return, and the
 * field says how to make it callable.
 */
export function ReturnsMapping({ id, pointer, label, value, problems, set }: FieldWidgetProps) {
  const outputs = useEditor((s) => s.doc.interface?.outputs)
  const returns = (value && typeof value === 'object' ? value : {}) as Record<string, string>
  const extra = Object.keys(returns).filter((k) => !outputs?.some((o) => o.name === k))
  const update = (name: string, text: string) => {
    const next = { ...returns }
    if (text === '') delete next[name]
    else next[name] = text
    set(pointer, Object.keys(next).length ? next : undefined)
  }
  return (
    <fieldset className="field-group end-returns" data-pointer={pointer} aria-label={label}>
      <legend>{label}</legend>
      {!outputs && (
        <p className="field-help">
          This flow is not callable, so its End returns nothing. To return outputs to a caller, declare them in the
          flow&apos;s Settings (Interface).
        </p>
      )}
      {outputs?.length === 0 && (
        <p className="field-help">This flow declares no outputs (Settings → Interface), so it returns nothing.</p>
      )}
      {outputs?.map((o) => {
        const fieldId = `${id}-${o.name}`
        return (
          <div className="field" key={o.name}>
            <label htmlFor={fieldId}>{o.name}</label>
            <TemplateField
              id={fieldId}
              value={returns[o.name] ?? ''}
              pointer={pointerOf(['returns', o.name])}
              label={`Return ${o.name}`}
              multiline={false}
              describedBy={o.description ? `${fieldId}-help` : undefined}
              onChange={(text) => update(o.name, text)}
            />
            {o.description && (
              <p className="field-help" id={`${fieldId}-help`}>
                {o.description}
              </p>
            )}
          </div>
        )
      })}
      {extra.map((name) => (
        <div className="field" key={name}>
          <span className="field-label">{name}: not an output of this flow</span>
          <button type="button" onClick={() => update(name, '')} aria-label={`Remove the return of ${name}`}>
            Remove
          </button>
        </div>
      ))}
      <Messages id={`${id}-problems`} problems={problems} />
    </fieldset>
  )
}
