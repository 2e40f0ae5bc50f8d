import type { FlowInput } from '../../../shared/flow/document'
import { pointerOf } from '../../../shared/flow/pointer'
import type { FieldWidgetProps } from '../../panels/SchemaFields'
import { Messages } from '../../panels/SchemaFields'
import { TemplateField } from '../../panels/TemplateField'
import { useFlowInterfaces } from './interfaces'

/**
 * The callee's declared inputs, each with a {{ }} template of the caller. An input left empty is not mapped: it
 * takes its default (a required one without default is a problem). Mappings of inputs the callee does not declare
 * (renamed or removed there) are listed to be removed.
 */
export function InputsMapping({ id, pointer, label, value, config, problems, set }: FieldWidgetProps) {
  const flows = useFlowInterfaces()
  const mapping = (value && typeof value === 'object' ? value : {}) as Record<string, string>
  const flowId = typeof config.flowId === 'string' ? config.flowId : ''
  const callee = flows.kind === 'ready' ? flows.flows.find((f) => f.id === flowId) : undefined
  const declared = callee?.interface?.inputs ?? []
  const extra = Object.keys(mapping).filter((k) => !declared.some((i) => i.name === k))
  const update = (name: string, text: string) => {
    const next = { ...mapping }
    if (text === '') delete next[name]
    else next[name] = text
    set(pointer, next)
  }
  return (
    <fieldset className="field-group call-flow-inputs" data-pointer={pointer} aria-label={label}>
      <legend>{label}</legend>
      {!flowId && <p className="field-help">Choose the flow to call first: its inputs are listed here.</p>}
      {flowId && flows.kind === 'ready' && callee && declared.length === 0 && (
        <p className="field-help">{callee.name} takes no inputs.</p>
      )}
      {declared.map((input) => (
        <InputField
          key={input.name}
          id={`${id}-${input.name}`}
          input={input}
          pointer={pointerOf(['inputs', input.name])}
          value={mapping[input.name] ?? ''}
          onChange={(text) => update(input.name, text)}
        />
      ))}
      {extra.map((name) => (
        <div className="field" key={name}>
          <span className="field-label">
            {name}: not an input of {callee?.name ?? 'the called flow'}
          </span>
          <button type="button" onClick={() => update(name, '')} aria-label={`Remove the mapping of ${name}`}>
            Remove
          </button>
        </div>
      ))}
      <Messages id={`${id}-problems`} problems={problems} />
    </fieldset>
  )
}

function InputField(props: {
  id: string
  input: FlowInput
  pointer: string
  value: string
  onChange(text: string): void
}) {
  const { id, input, pointer, value, onChange } = props
  const fallback = input.default !== undefined ? `empty: its default, ${JSON.stringify(input.default)}` : null
  const help = [input.description, input.required && !fallback ? 'Required.' : fallback].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label htmlFor={id}>
        {input.name}
        {input.required ? ' (required)' : ''}
      </label>
      <TemplateField
        id={id}
        value={value}
        pointer={pointer}
        label={`Input ${input.name}`}
        multiline={false}
        describedBy={help ? `${id}-help` : undefined}
        onChange={onChange}
      />
      {help && (
        <p className="field-help" id={`${id}-help`}>
          {help}
        </p>
      )}
    </div>
  )
}
