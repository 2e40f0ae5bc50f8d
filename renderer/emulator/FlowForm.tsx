import { useState } from 'react'
import type { CustomerEvent } from '../../shared/api/commands/emulator'
import type { ChatFlowConfig, FormField } from '../../shared/nodes/chat_flow/definition'
import { useFlowEndpoint } from '../integrations/useFlowEndpoint'
import { emptyValue, fieldError, responseOf, type FormValue } from './form'
import { ChevronLeft, X } from 'lucide-react'

/** A Chat Flow form, full screen over the chat as on the phone: one screen at a time, checked before it goes on. */
export function FlowForm(props: {
  config: ChatFlowConfig
  flowToken: string
  onSend(e: CustomerEvent): void
  onClose(): void
}) {
  const screens = props.config.screens
  const [index, setIndex] = useState(0)
  const [values, setValues] = useState<Record<string, FormValue>>({})
  const [shown, setShown] = useState(false)
  // data_exchange with an endpoint: the endpoint picks the screens (renderer/integrations/useFlowEndpoint.ts).
  const endpoint = useFlowEndpoint(props.config, props.flowToken)
  if (endpoint && endpoint.index === null) {
    return (
      <div className="phone-form" role="dialog" aria-label="Form">
        <p role={endpoint.failure ? 'alert' : 'status'}>{endpoint.failure ?? 'Opening the form…'}</p>
        <button type="button" onClick={props.onClose}>
          Close
        </button>
      </div>
    )
  }
  const screen = screens[endpoint ? endpoint.index! : index]
  if (!screen) {
    return (
      <div className="phone-form" role="dialog" aria-label="Form">
        <p>This form has no screens yet: add one on the Chat Flow node.</p>
        <button type="button" onClick={props.onClose}>
          Close
        </button>
      </div>
    )
  }
  const value = (f: FormField) => values[f.name] ?? emptyValue(f)
  const errors = screen.fields.map((f) => fieldError(f, value(f)))
  const last = !endpoint && index === screens.length - 1
  const next = () => {
    setShown(true)
    if (errors.some(Boolean)) return
    setShown(false)
    if (endpoint) {
      void endpoint.submit(responseOf(screen.fields, values)).then((params) => {
        if (!params) return
        props.onSend({ type: 'nfm_reply', response: params as never })
        props.onClose()
      })
      return
    }
    if (!last) return setIndex(index + 1)
    const all = screens.flatMap((s) => s.fields)
    props.onSend({ type: 'nfm_reply', response: { ...responseOf(all, values), flow_token: props.flowToken } as never })
    props.onClose()
  }
  return (
    <div className="phone-form" role="dialog" aria-label={screen.title || 'Form'}>
      <header className="phone-sheet-head">
        <button type="button" onClick={props.onClose} aria-label="Close">
          <X size={14} aria-hidden="true" />
        </button>
        {endpoint && (
          <button type="button" onClick={endpoint.back} aria-label="Back">
            <ChevronLeft size={14} aria-hidden="true" />
          </button>
        )}
        <strong>{screen.title || screen.id}</strong>
        {!endpoint && (
          <span className="chat-footer">
            {index + 1} / {screens.length}
          </span>
        )}
      </header>
      {endpoint && (endpoint.notice || endpoint.failure) && (
        <p className="phone-form-error" role="alert">
          {endpoint.failure ?? endpoint.notice}
        </p>
      )}
      <div className="phone-form-body">
        {screen.fields.map((f, n) => (
          <Field
            key={f.name || n}
            field={f}
            value={value(f)}
            error={shown ? errors[n]! : null}
            onChange={(v) => setValues({ ...values, [f.name]: v })}
          />
        ))}
      </div>
      <button type="button" className="phone-sheet-send" onClick={next} disabled={endpoint?.busy}>
        {last ? 'Submit' : 'Continue'}
      </button>
    </div>
  )
}

function Field({
  field: f,
  value,
  error,
  onChange,
}: {
  field: FormField
  value: FormValue
  error: string | null
  onChange(v: FormValue): void
}) {
  const label = `${f.label || f.name}${f.required ? ' *' : ''}`
  let input: React.ReactNode
  if (f.type === 'dropdown') {
    input = (
      <select aria-label={label} value={value as string} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose…</option>
        {f.options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.title}
          </option>
        ))}
      </select>
    )
  } else if (f.type === 'radio' || f.type === 'checkbox') {
    const many = f.type === 'checkbox'
    const chosen = many ? (value as string[]) : [value as string]
    input = (
      <span role="group" aria-label={label}>
        {f.options.map((o) => (
          <label key={o.id} className="phone-form-option">
            <input
              type={many ? 'checkbox' : 'radio'}
              checked={chosen.includes(o.id)}
              onChange={(e) =>
                onChange(many ? (e.target.checked ? [...chosen, o.id] : chosen.filter((x) => x !== o.id)) : o.id)
              }
            />
            {o.title}
          </label>
        ))}
      </span>
    )
  } else if (f.type === 'opt_in') {
    input = (
      <input
        type="checkbox"
        aria-label={label}
        checked={value as boolean}
        onChange={(e) => onChange(e.target.checked)}
      />
    )
  } else {
    const type = f.type === 'number' ? 'text' : f.type
    input = (
      <input
        type={type}
        inputMode={f.type === 'number' ? 'decimal' : undefined}
        aria-label={label}
        value={value as string}
        onChange={(e) => onChange(e.target.value)}
      />
    )
  }
  return (
    <div className="phone-form-field">
      <span className="phone-form-label">{label}</span>
      {input}
      {error && (
        <span className="phone-form-error" role="alert">
          {error}
        </span>
      )}
    </div>
  )
}
