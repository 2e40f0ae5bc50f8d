import { useState } from 'react'
import { useStore } from 'zustand'
import { formatDue } from '../time/due'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { downloadText } from './download'
import { canCancel, canPause, canResume, credits, isLive, ratePerSecond, STATUS_LABEL } from './model'
import { Progress } from './Progress'
import { RecipientsTable } from './RecipientsTable'
import type { createBroadcastsStore } from './store'

type Store = ReturnType<typeof createBroadcastsStore>

/** One broadcast: its progress as it runs, pause / resume / cancel, and the result for each contact. */
export function BroadcastDetail({ store }: { store: Store }) {
  const b = useStore(store, (s) => s.open)
  const openError = useStore(store, (s) => s.openError)
  const actionError = useStore(store, (s) => s.actionError)
  const busy = useStore(store, (s) => s.busy)
  const [cancelling, setCancelling] = useState(false)
  const s = store.getState()

  if (!b)
    return openError ? (
      <div className="error-banner" role="alert">
        <span>This broadcast could not be opened: {openError}</span> <a href="#/broadcasts">All broadcasts</a>
      </div>
    ) : (
      <p className="loading" aria-busy="true">
        Loading the broadcast…
      </p>
    )

  const exportCsv = async () => {
    const csv = await s.resultsCsv()
    if (csv) downloadText(csv.fileName, csv.text, 'text/csv')
  }
  const c = b.counts
  return (
    <section className="broadcast-detail" aria-labelledby="broadcast-name">
      <p>
        <a href="#/broadcasts">← All broadcasts</a>
      </p>
      <div className="broadcast-head">
        <h2 id="broadcast-name">{b.name}</h2>
        <span className={`broadcast-status status-${b.status}`} role="status" aria-label="Status">
          {STATUS_LABEL[b.status]}
        </span>
      </div>
      {openError && (
        <p className="error-banner" role="alert">
          {openError}
        </p>
      )}
      {b.error && (
        <p className="error-banner" role="alert">
          It stopped: {b.error}
        </p>
      )}
      <Progress counts={c} label="Progress" />
      <dl className="broadcast-figures" aria-label="Figures">
        <div>
          <dt>Succeeded</dt>
          <dd>{c.sent}</dd>
        </div>
        <div>
          <dt>Failed</dt>
          <dd>{c.failed}</dd>
        </div>
        <div>
          <dt>Blocked</dt>
          <dd>{c.blocked}</dd>
        </div>
        <div>
          <dt>Waiting</dt>
          <dd>{c.pending + c.started}</dd>
        </div>
        {c.cancelled > 0 && (
          <div>
            <dt>Cancelled</dt>
            <dd>{c.cancelled}</dd>
          </div>
        )}
        <div>
          <dt>Cost</dt>
          <dd>{credits(c.cost)}</dd>
        </div>
        <div>
          <dt>Pace</dt>
          <dd>{ratePerSecond(b.ratePerSecond)}</dd>
        </div>
        {isLive(b.status) && b.nextAt !== null && (
          <div>
            <dt>Next at</dt>
            <dd title={new Date(b.nextAt).toLocaleString()}>{formatDue(b.nextAt, { now: Date.now() })}</dd>
          </div>
        )}
      </dl>
      {b.status === 'waiting_limit' && (
        <p className="broadcast-note" role="note">
          The daily limit of new conversations is reached: the broadcast goes on as the last 24 hours free room.
        </p>
      )}
      <div className="broadcast-actions">
        {canPause(b.status) && (
          <button type="button" disabled={busy} onClick={() => void s.act('pause')}>
            Pause
          </button>
        )}
        {canResume(b.status) && (
          <button type="button" className="primary" disabled={busy} onClick={() => void s.act('resume')}>
            Resume
          </button>
        )}
        {canCancel(b.status) && (
          <button type="button" className="danger-quiet" disabled={busy} onClick={() => setCancelling(true)}>
            Cancel broadcast
          </button>
        )}
        <button type="button" onClick={() => void exportCsv()}>
          Export CSV
        </button>
      </div>
      {actionError && (
        <p className="field-problem" role="alert">
          {actionError}
        </p>
      )}
      <RecipientsTable store={store} />
      {cancelling && (
        <ConfirmDialog
          title={`Cancel “${b.name}”?`}
          body="Contacts not reached yet are not sent to; runs already started go on. A cancelled broadcast cannot be resumed."
          confirmLabel="Cancel broadcast"
          cancelLabel="Keep it"
          danger
          onConfirm={() => {
            setCancelling(false)
            void s.act('cancel')
          }}
          onCancel={() => setCancelling(false)}
        />
      )}
    </section>
  )
}
