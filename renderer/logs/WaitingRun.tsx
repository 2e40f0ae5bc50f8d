import { useState } from 'react'
import type { LogRun } from '../../shared/api/commands/logs'
import { formatDue } from '../time/due'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { AlarmClock } from 'lucide-react'

interface Props {
  run: LogRun
  /** The flow's time zone (its Wait nodes count in it). */
  timeZone?: string
  /** Absent for a production server's runs: only this studio's runs are woken or cancelled from here. */
  onWake?: () => Promise<void>
  onCancel?: () => Promise<void>
}

/**
 * A paused run in the trace's header: what it waits for ("waiting until 14:30", or the customer), and the hand
 * controls: Wake now (a run waiting on time goes on along its timeout path) and Cancel run, after a confirmation.
 */
export function WaitingRun({ run, timeZone, onWake, onCancel }: Props) {
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState(false)
  if (run.status !== 'paused') return null
  const act = async (what: () => Promise<void>) => {
    setBusy(true)
    try {
      await what()
    } finally {
      setBusy(false)
    }
  }
  const due = run.wakeAt !== null ? formatDue(run.wakeAt, { now: Date.now(), timeZone }) : null
  return (
    <div className="trace-waiting" role="group" aria-label="Waiting run">
      <AlarmClock size={14} aria-hidden="true" />
      <span data-testid="trace-waiting">
        {due ? `Waiting until ${due}` : 'Waiting for the customer'}
        {due && run.wakeAt !== null && run.wakeAt <= Date.now() ? ' (due now)' : ''}
      </span>
      {onWake && run.wakeAt !== null && (
        <button type="button" disabled={busy} onClick={() => void act(onWake)}>
          Wake now
        </button>
      )}
      {onCancel && (
        <button type="button" className="danger" disabled={busy} onClick={() => setConfirming(true)}>
          Cancel run…
        </button>
      )}
      {confirming && onCancel && (
        <ConfirmDialog
          title="Cancel this run?"
          body="The run ends as cancelled where it waits: it sends nothing more, and a later message from the customer starts afresh."
          confirmLabel="Cancel run"
          cancelLabel="Keep waiting"
          danger
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false)
            void act(onCancel)
          }}
        />
      )}
    </div>
  )
}
