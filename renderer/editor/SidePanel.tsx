import type { ReactNode } from 'react'
import { X } from 'lucide-react'

/** A panel beside the canvas opened from the toolbar (revisions, webhook, flow settings): a titled aside with a close button. */
export function SidePanel({
  label,
  title,
  closeLabel,
  onClose,
  children,
}: {
  label: string
  title: string
  closeLabel: string
  onClose(): void
  children: ReactNode
}) {
  return (
    <aside className="revisions-panel" aria-label={label}>
      <header className="node-panel-head">
        <h2>{title}</h2>
        <button type="button" aria-label={closeLabel} onClick={onClose}>
          <X size={14} aria-hidden="true" />
        </button>
      </header>
      {children}
    </aside>
  )
}
