import { useEffect, useRef } from 'react'
import { Modal } from './Modal'

export interface ConfirmDialogProps {
  title: string
  body: string
  confirmLabel: string
  /** The button that changes nothing; "Cancel" unless that would read like the action (Cancel run). */
  cancelLabel?: string
  danger?: boolean
  onConfirm(): void
  onCancel(): void
}

/** A modal question. Focus starts on Cancel so Enter never destroys by accident; Escape cancels. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { title, body, confirmLabel, cancelLabel = 'Cancel', danger, onConfirm, onCancel } = props
  const cancelRef = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null
    cancelRef.current?.focus()
    return () => previous?.focus?.()
  }, [])
  return (
    <Modal role="alertdialog" labelledBy="confirm-title" describedBy="confirm-body" onClose={onCancel}>
      <h2 id="confirm-title">{title}</h2>
      <p id="confirm-body">{body}</p>
      <div className="dialog-actions">
        <button ref={cancelRef} type="button" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className={danger ? 'danger' : 'primary'} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  )
}
