import { useEffect, useState } from 'react'
import type { LogRetention } from '../../shared/api/commands/logs'
import { getApi } from '../api'

/** Retention policy (applied at once and hourly by the back end) and a purge of this flow's finished runs. */
export function Housekeeping({ flowId, onClose, onNotice }: { flowId: string; onClose(): void; onNotice(text: string): void }) {
  const [policy, setPolicy] = useState<LogRetention | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    void getApi().call('logs.retention.get', {}).then((r) => r.ok && setPolicy(r.value))
  }, [])
  if (!policy) return null
  const num = (s: string): number | null => (s.trim() === '' ? null : Math.max(1, Math.floor(Number(s))))
  const save = async () => {
    setBusy(true)
    const r = await getApi().call('logs.retention.set', policy)
    setBusy(false)
    onNotice(r.ok ? `Retention saved; ${r.value.deleted} old runs deleted.` : r.error.message)
  }
  const purge = async () => {
    if (!window.confirm('Delete every finished run (ended or failed) of this flow? Paused runs stay.')) return
    setBusy(true)
    const r = await getApi().call('logs.purge', { flowId })
    setBusy(false)
    onNotice(r.ok ? `${r.value.deleted} runs deleted.` : r.error.message)
  }
  return (
    <div className="logs-housekeeping" role="dialog" aria-label="Log retention">
      <label>
        Keep runs for
        <input aria-label="Keep days" type="number" min={1} placeholder="no limit" value={policy.days ?? ''} onChange={(e) => setPolicy({ ...policy, days: num(e.target.value) })} />
        days
      </label>
      <label>
        Keep the last
        <input aria-label="Keep last runs" type="number" min={1} placeholder="no limit" value={policy.keepLast ?? ''} onChange={(e) => setPolicy({ ...policy, keepLast: num(e.target.value) })} />
        runs per flow
      </label>
      <button type="button" disabled={busy} onClick={() => void save()}>Save retention</button>
      <button type="button" className="danger-quiet" disabled={busy} onClick={() => void purge()}>Purge finished runs</button>
      <button type="button" onClick={onClose}>Close</button>
    </div>
  )
}
