import { useEffect, useState } from 'react'
import type { WebhookListenerStatus } from '../../shared/api/commands/webhook'
import { api } from '../api'
import { parsePort, portToOffer } from './status'

/** Host and port of the studio's webhook listener (shared by all flows); saving restarts it. */
export function ListenerSettings({
  status,
  onChanged,
}: {
  status: WebhookListenerStatus
  onChanged(s: WebhookListenerStatus): void
}) {
  const [host, setHost] = useState(status.host)
  const [port, setPort] = useState(String(portToOffer(status)))
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const parsed = parsePort(port)
  // Opened by the person (kept open across restarts), and opened for them when the listener could not start.
  const [open, setOpen] = useState(status.state === 'failed')
  useEffect(() => {
    if (status.state === 'failed') setOpen(true)
  }, [status.state])

  const save = async () => {
    if (parsed === null) return
    setBusy(true)
    const r = await api.call('webhook.listener.set', { host: host.trim(), port: parsed })
    setBusy(false)
    if (!r.ok) return setError(r.error.message)
    setError(null)
    setPort(String(portToOffer(r.value)))
    onChanged(r.value)
  }

  return (
    <details className="webhook-settings" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Listener settings</summary>
      <label>
        Bind address
        <input value={host} onChange={(e) => setHost(e.target.value)} aria-describedby="webhook-host-hint" />
      </label>
      <small id="webhook-host-hint">
        127.0.0.1 keeps the listener private to this computer; 0.0.0.0 opens it to your network.
      </small>
      <label>
        Port
        <input
          value={port}
          inputMode="numeric"
          onChange={(e) => setPort(e.target.value)}
          aria-invalid={parsed === null}
        />
      </label>
      {parsed === null && <small role="alert">A port is a whole number from 0 to 65535 (0: any free port).</small>}
      {error && <p role="alert">{error}</p>}
      <button
        type="button"
        className="primary"
        disabled={busy || parsed === null || !host.trim()}
        onClick={() => void save()}
      >
        {busy ? 'Restarting…' : 'Save and restart'}
      </button>
    </details>
  )
}
