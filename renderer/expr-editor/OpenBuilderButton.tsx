import { useState } from 'react'
import { useEditor } from '../editor/context'
import { ExpressionBuilder } from './ExpressionBuilder'

interface Props {
  label: string
  value: string
  multiline: boolean
  onChange(value: string): void
}

/** The code icon beside a field that takes {{ }}: opens the Expression Builder on the field's text, for the node
 *  whose panel is open. Apply writes back through the field's own onChange (one undo step). */
export function OpenBuilderButton({ label, value, multiline, onChange }: Props) {
  const nodeId = useEditor((s) => s.panelNodeId)
  const [open, setOpen] = useState(false)
  if (!nodeId) return null
  return (
    <>
      <button type="button" className="expr-open" aria-label={`Open Expression Builder for ${label}`} title="Expression Builder" onClick={() => setOpen(true)}>
        {'{ }'}
      </button>
      {open && (
        <ExpressionBuilder
          nodeId={nodeId}
          label={label}
          value={value}
          onCancel={() => setOpen(false)}
          onApply={(text) => {
            // A one-line field keeps one line, as typing into it does.
            onChange(multiline ? text : text.replace(/\n/g, ' '))
            setOpen(false)
          }}
        />
      )}
    </>
  )
}
