import { ExternalLink } from 'lucide-react'
import type { FieldWidgetProps } from '../../panels/SchemaFields'
import { Messages } from '../../panels/SchemaFields'
import { useEditor } from '../../editor/context'
import { hrefFor } from '../../shell/route'
import { useFlowInterfaces } from './interfaces'

/**
 * The flow a Call Flow node calls, picked among the studio's flows: callable ones (with an interface) can be chosen;
 * the others are listed disabled, saying why, so a flow missing from the choice is not a mystery. A link opens it.
 */
export function FlowPicker({ id, pointer, label, value, problems, set }: FieldWidgetProps) {
  const self = useEditor((s) => s.doc.id)
  const flows = useFlowInterfaces()
  const chosen = typeof value === 'string' ? value : ''
  const msgId = `${id}-problems`
  const helpId = `${id}-help`
  const known = flows.kind === 'ready' ? flows.flows.find((f) => f.id === chosen) : undefined
  return (
    <div className="field call-flow-picker">
      <label htmlFor={id}>{label}</label>
      <div className="call-flow-picker-row">
        <select
          id={id}
          value={chosen}
          data-pointer={pointer}
          aria-describedby={[helpId, problems?.length ? msgId : ''].filter(Boolean).join(' ')}
          aria-invalid={problems?.length ? true : undefined}
          aria-busy={flows.kind === 'loading' || undefined}
          onChange={(e) => set(pointer, e.target.value)}
        >
          <option value="">Choose a flow…</option>
          {chosen && flows.kind === 'ready' && !known && <option value={chosen}>Unknown flow ({chosen})</option>}
          {flows.kind === 'ready' &&
            flows.flows
              .filter((f) => f.id !== self)
              .map((f) => (
                <option key={f.id} value={f.id} disabled={!f.interface && f.id !== chosen}>
                  {f.interface ? f.name : `${f.name} (not callable: it declares no interface)`}
                </option>
              ))}
        </select>
        {known && (
          <a
            className="icon-link"
            href={hrefFor({ screen: 'editor', flowId: known.id })}
            aria-label={`Open ${known.name}`}
          >
            <ExternalLink size={14} aria-hidden="true" /> Open
          </a>
        )}
      </div>
      <p className="field-help" id={helpId}>
        {flows.kind === 'error'
          ? `The studio's flows could not be read: ${flows.message}`
          : 'A flow declares its inputs and outputs in its Settings (Interface) to be callable.'}
      </p>
      <Messages id={msgId} problems={problems} />
    </div>
  )
}
