import { useEffect, useState } from 'react'
import type { LogRetention } from '../../shared/api/commands/logs'
import { getApi } from '../api'

const NO_LIMIT: LogRetention = { days: null, keepLast: null }
const FIELD_NAMES: Record<string, string> = { days: 'Keep runs for (days)', keepLast: 'Keep the last (runs per flow)' }

/**
 * Retention policy (applied at once and hourly by the back end) and a purge of this flow's finished runs. A policy
 * that cannot be read, or an action refused, is said in the dialog; the form then starts empty and saving replaces
 * the unreadable policy.
 */
export function Housekeeping({
  flowId,
  onClose,
  onNotice,
}: {
  flowId: string
  onClose(): void
  onNotice(text: string): void
}) {
  const [policy, setPolicy] = useState<LogRetention | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    void getApi()
      .call('logs.retention.get', {})
      .then((r) => {
        setPolicy(r.ok ? r.value : NO_LIMIT)
        if (!r.ok) setError(r.error.message)
      })
  }, [])
  if (!policy)
    return (
      <p className="logs-housekeeping" aria-busy="true">
        Loading the retention policy…
      </p>
    )
  const num = (s: string): number | null => (s.trim() === '' ? null : Math.max(1, Math.floor(Number(s))))
  const save = async () => {
    setBusy(true)
    const r = await getApi().call('logs.retention.set', policy)
    setBusy(false)
    const issue = r.ok ? undefined : r.error.issues?.[0]
    const field = issue && FIELD_NAMES[String(issue.path[0])]
    setError(r.ok ? null : field ? `${field}: ${issue.message}` : r.error.message)
    if (r.ok) onNotice(`Retention saved; ${r.value.deleted} old runs deleted.`)
  }
  const purge = async () => {
    if (!window.confirm('Delete every finished run (ended or failed) of this flow? Paused runs stay.')) return
    setBusy(true)
    const r = await getApi().call('logs.purge', { flowId })
    setBusy(false)
    setError(r.ok ? null : r.error.message)
    if (r.ok) onNotice(`${r.value.deleted} runs deleted.`)
  }
  return (
    <div className="logs-housekeeping" role="dialog" aria-label="Log retention">
      <label>
        Keep runs for
        <input
          aria-label="Keep days"
          type="number"
          min={1}
          placeholder="no limit"
          value={policy.days ?? ''}
          onChange={(e) => setPolicy({ ...policy, days: num(e.target.value) })}
        />
        days
      </label>
      <label>
        Keep the last
        <input
          aria-label="Keep last runs"
          type="number"
          min={1}
          placeholder="no limit"
          value={policy.keepLast ?? ''}
          onChange={(e) => setPolicy({ ...policy, keepLast: num(e.target.value) })}
        />
        runs per flow
      </label>
      <button type="button" disabled={busy} onClick={() => void save()}>
        Save retention
      </button>
      <button type="button" className="danger-quiet" disabled={busy} onClick={() => void purge()}>
        Purge finished runs
      </button>
      <button type="button" onClick={onClose}>
        Close
      </button>
      {error && (
        <p className="logs-notice error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
