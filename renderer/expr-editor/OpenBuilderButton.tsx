import { useRef, useState } from 'react'
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
  const button = useRef<HTMLButtonElement>(null)
  // Focus comes back to the icon when the dialog closes, so keyboard users stay where they were.
  const close = () => {
    setOpen(false)
    requestAnimationFrame(() => button.current?.focus())
  }
  if (!nodeId) return null
  return (
    <>
      <button
        ref={button}
        type="button"
        className="expr-open"
        aria-label={`Open Expression Builder for ${label}`}
        title="Expression Builder"
        onClick={() => setOpen(true)}
      >
        {'{ }'}
      </button>
      {open && (
        <ExpressionBuilder
          nodeId={nodeId}
          label={label}
          value={value}
          onCancel={close}
          onApply={(text) => {
            // A one-line field keeps one line, as typing into it does.
            onChange(multiline ? text : text.replace(/\n/g, ' '))
            close()
          }}
        />
      )}
    </>
  )
}
