import { useCallback, useEffect, useState } from 'react'
import type { WebhookInfo } from '../../shared/api/commands/webhook'
import { api } from '../api'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { ListenerSettings } from './ListenerSettings'
import { listenerLine } from './status'
import './webhook.css'

/**
 * The editor's Webhook section for one flow: its endpoint, the masked secret (reveal, copy, rotate), a ready curl
 * command and the listener's status and settings. The secret is fetched in full only when revealed or copied.
 */
export function WebhookPanel({ flowId }: { flowId: string }) {
  const [info, setInfo] = useState<WebhookInfo | null>(null)
  const [secret, setSecret] = useState<string | null>(null)
  const [curl, setCurl] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)

  const load = useCallback(async () => {
    const r = await api.call('webhook.info', { flowId })
    if (r.ok) setInfo(r.value)
    else setError(r.error.message)
  }, [flowId])

  useEffect(() => {
    setSecret(null)
    setCurl(null)
    void load()
  }, [load])

  const reveal = async (): Promise<{ secret: string; curl: string } | null> => {
    const r = await api.call('webhook.reveal', { flowId })
    if (!r.ok) return (setError(r.error.message), null)
    setSecret(r.value.secret)
    setCurl(r.value.curl)
    return r.value
  }

  const copy = async (what: 'secret' | 'curl' | 'url') => {
    const text = what === 'url' ? info?.url : ((what === 'secret' ? secret : curl) ?? (await reveal())?.[what])
    if (!text) return
    try {
      await navigator.clipboard.writeText(text)
      setNotice(`Copied the ${what === 'url' ? 'URL' : what === 'curl' ? 'curl command' : 'secret'}.`)
    } catch {
      setNotice('The clipboard is not available here; select the text and copy it.')
    }
  }

  /** After the listener moved: the URL and curl command name its new address. */
  const refresh = async () => {
    await load()
    if (secret) await reveal()
  }

  const rotate = async () => {
    setConfirming(false)
    const r = await api.call('webhook.rotate', { flowId })
    if (!r.ok) return setError(r.error.message)
    const { secret: fresh, ...rest } = r.value
    setInfo(rest)
    setSecret(fresh)
    setCurl(null)
    void reveal()
    setNotice('New secret made. The old one is refused from now on: update your callers.')
  }

  if (!info)
    return (
      <section className="webhook-panel" aria-label="Webhook">
        {error ? <p role="alert">{error}</p> : <p role="status">Loading…</p>}
      </section>
    )

  const listener = info.listener
  return (
    <section className="webhook-panel" aria-label="Webhook">
      <h2>Webhook</h2>
      {error && <p role="alert">{error}</p>}
      {notice && (
        <p role="status" className="webhook-notice">
          {notice}
        </p>
      )}
      <label className="webhook-field">
        <span>URL</span>
        <code aria-label="Webhook URL">{info.url}</code>
        <button type="button" onClick={() => void copy('url')}>
          Copy
        </button>
      </label>
      <div className="webhook-field">
        <span>Secret (x-api-key)</span>
        <code aria-label="Webhook secret">{secret ?? info.maskedSecret}</code>
        <button type="button" onClick={() => (secret ? (setSecret(null), setCurl(null)) : void reveal())}>
          {secret ? 'Hide' : 'Reveal'}
        </button>
        <button type="button" onClick={() => void copy('secret')}>
          Copy
        </button>
        <button type="button" className="danger-outline" onClick={() => setConfirming(true)}>
          Rotate…
        </button>
      </div>
      <div className="webhook-field webhook-curl">
        <span>curl</span>
        <pre aria-label="curl command">{curl ?? info.curl}</pre>
        <button type="button" onClick={() => void copy('curl')}>
          Copy with secret
        </button>
      </div>
      <p className={`webhook-listener webhook-${listener.state}`} role="status" aria-label="Listener status">
        {listenerLine(listener)}
      </p>
      {listener.warning && (
        <p className="webhook-warning" role="alert">
          {listener.warning}
        </p>
      )}
      <ListenerSettings status={listener} onChanged={() => void refresh()} />
      {confirming && (
        <ConfirmDialog
          title="Rotate the webhook secret?"
          body="A new secret replaces the current one at once: every caller still using the old secret gets 401 until you update it."
          confirmLabel="Rotate"
          danger
          onConfirm={() => void rotate()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  )
}
