import type { ReactNode } from 'react'

export interface ModalProps {
  /** Id of the heading that names the dialog. */
  labelledBy: string
  describedBy?: string
  /** 'alertdialog' for a question that must be answered (ConfirmDialog). */
  role?: 'dialog' | 'alertdialog'
  className?: string
  onClose(): void
  children: ReactNode
}

/**
 * The studio's modal shell: a backdrop that closes on a click outside, Escape that closes without reaching the
 * screen behind (its shortcuts must not see the key), and the dialog's accessible name.
 */
export function Modal({ labelledBy, describedBy, role = 'dialog', className, onClose, children }: ModalProps) {
  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        className={className ? `dialog ${className}` : 'dialog'}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation()
            onClose()
          }
        }}
      >
        {children}
      </div>
    </div>
  )
}
