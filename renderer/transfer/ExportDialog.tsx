import { useState } from 'react'
import type { FlowSummary } from '../../shared/api'
import { api } from '../api'
import { downloadText } from './download'
import { Modal } from '../ui/Modal'

/** Choose flows (all by default) and whether webhook secrets and breakpoints go along, then download the bundle. */
export function ExportDialog({ flows, onClose }: { flows: FlowSummary[]; onClose(): void }) {
  const [chosen, setChosen] = useState(() => new Set(flows.map((f) => f.id)))
  const [secrets, setSecrets] = useState(false)
  const [breakpoints, setBreakpoints] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const run = async () => {
    const all = chosen.size === flows.length
    const out = await api.call('transfer.export', {
      flowIds: all ? [] : [...chosen],
      includeSecrets: secrets,
      includeBreakpoints: breakpoints,
    })
    if (!out.ok) return setError(out.error.message)
    downloadText(out.value.fileName, out.value.text)
    onClose()
  }
  return (
    <Modal labelledBy="export-title" onClose={onClose}>
      <h2 id="export-title">Export flows</h2>
      <p>
        Flows go with their saved conversation tests, sample responses and the message templates they use, and with
        every flow they call (Call Flow nodes), so the file works on its own.
      </p>
      <ul className="transfer-list" aria-label="Flows to export">
        {flows.map((f) => (
          <li key={f.id}>
            <label>
              <input
                type="checkbox"
                checked={chosen.has(f.id)}
                onChange={(e) => {
                  const next = new Set(chosen)
                  if (e.target.checked) next.add(f.id)
                  else next.delete(f.id)
                  setChosen(next)
                }}
              />
              {f.name}
            </label>
          </li>
        ))}
      </ul>
      <label>
        <input type="checkbox" checked={secrets} onChange={(e) => setSecrets(e.target.checked)} /> Include webhook
        secrets
      </label>
      <label>
        <input type="checkbox" checked={breakpoints} onChange={(e) => setBreakpoints(e.target.checked)} /> Include
        breakpoints
      </label>
      {secrets && (
        <p role="alert" className="transfer-warning">
          The file carries fingerprints of the webhook secrets, never the secrets: a studio that imports it with them
          accepts the same keys as this one. Share it only with people who may run these flows.
        </p>
      )}
      {error && <p role="alert">{error}</p>}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="primary" disabled={chosen.size === 0} onClick={() => void run()}>
          Export {chosen.size} flow{chosen.size === 1 ? '' : 's'}
        </button>
      </div>
    </Modal>
  )
}
