import { useEffect, useRef } from 'react'
import type { Reference } from '../../shared/analysis/references'

interface Props {
  from: string
  to: string
  places: Reference[]
  onConfirm(): void
  onCancel(): void
}

/** Lists every place that reads the old name before a rename rewrites them. */
export function RenameDialog({ from, to, places, onConfirm, onCancel }: Props) {
  const confirm = useRef<HTMLButtonElement>(null)
  useEffect(() => confirm.current?.focus(), [])
  return (
    <div className="overlay" onClick={onCancel}>
      <div
        className="overlay-box rename-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="rename-title"
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation()
            onCancel()
          }
        }}
      >
        <h2 id="rename-title">
          Rename {from} to {to}?
        </h2>
        <p>
          {from} is used in {places.length} place{places.length === 1 ? '' : 's'}. Each will be rewritten to read {to}:
        </p>
        <ul className="rename-places" aria-label="Places of use">
          {places.map((p, i) => (
            <li key={i}>
              <strong>{p.nodeName}</strong> · {p.label}
              <code>{p.excerpt}</code>
            </li>
          ))}
        </ul>
        <div className="dialog-actions">
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" ref={confirm} className="primary" onClick={onConfirm}>
            Rename and update {places.length} place{places.length === 1 ? '' : 's'}
          </button>
        </div>
      </div>
    </div>
  )
}
