import { useEffect } from 'react'

export interface ToastProps {
  message: string
  actionLabel?: string
  onAction?(): void
  /** Called when the toast times out or is closed. */
  onDismiss(): void
  durationMs?: number
}

/** A short-lived notice at the bottom of the window, announced politely to screen readers. */
export function Toast({ message, actionLabel, onAction, onDismiss, durationMs = 6000 }: ToastProps) {
  useEffect(() => {
    const timer = setTimeout(onDismiss, durationMs)
    return () => clearTimeout(timer)
  }, [onDismiss, durationMs, message])
  return (
    <div className="toast" role="status" aria-live="polite">
      <span>{message}</span>
      {actionLabel && onAction && (
        <button type="button" className="toast-action" onClick={onAction}>
          {actionLabel}
        </button>
      )}
      <button type="button" className="toast-close" aria-label="Dismiss" onClick={onDismiss}>
        ×
      </button>
    </div>
  )
}
