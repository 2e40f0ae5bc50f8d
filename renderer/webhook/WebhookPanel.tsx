import { useCallback, useEffect, useState } from 'react'
import type { WebhookInfo } from '../../shared/api/commands/webhook'
import { api } from '../api'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { ListenerSettings } from './ListenerSettings'
import { listenerLine } from './status'
import './webhook.css'

/**
 * The editor's Webhook section for one flow: its endpoint, its secret, a ready curl command and the listener's status
 * and settings. The studio keeps only a digest of the secret (issue 39), so the secret itself is shown once: right
 * after it is made (the flow's first visit here) or regenerated, with "copy it now". Afterwards the section shows it
 * masked and offers Regenerate.
 */
export function WebhookPanel({ flowId }: { flowId: string }) {
  const [info, setInfo] = useState<WebhookInfo | null>(null)
  /** The secret as just made: held by this panel only, never fetched again. */
  const [fresh, setFresh] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)

  const load = useCallback(async () => {
    const r = await api.call('webhook.info', { flowId })
    if (!r.ok) return setError(r.error.message)
    setInfo(r.value)
    if (r.value.secret) setFresh(r.value.secret)
  }, [flowId])

  useEffect(() => {
    setFresh(null)
    setNotice(null)
    void load()
  }, [load])

  /** The curl command with the fresh secret in place of the masked one (it follows the listener when it moves). */
  const freshCurl = info && fresh ? info.curl.split(info.maskedSecret).join(fresh) : null

  const copy = async (what: 'secret' | 'curl' | 'url') => {
    const text = what === 'url' ? info?.url : what === 'secret' ? fresh : (freshCurl ?? info?.curl)
    if (!text) return
    try {
      await navigator.clipboard.writeText(text)
      setNotice(`Copied the ${what === 'url' ? 'URL' : what === 'curl' ? 'curl command' : 'secret'}.`)
    } catch {
      setNotice('The clipboard is not available here; select the text and copy it.')
    }
  }

  const regenerate = async () => {
    setConfirming(false)
    const r = await api.call('webhook.rotate', { flowId })
    if (!r.ok) return setError(r.error.message)
    const { secret, ...rest } = r.value
    setInfo({ ...rest, secret: null, curlWithSecret: null })
    setFresh(secret)
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
        <code
          aria-label="Webhook secret"
          aria-describedby="webhook-secret-note"
          className={fresh ? 'webhook-fresh' : undefined}
        >
          {fresh ?? info.maskedSecret}
        </code>
        {fresh ? (
          <>
            <button type="button" onClick={() => void copy('secret')}>
              Copy
            </button>
            <button type="button" onClick={() => (setFresh(null), setNotice(null))}>
              I have copied it
            </button>
          </>
        ) : (
          <button type="button" className="danger-outline" onClick={() => setConfirming(true)}>
            Regenerate…
          </button>
        )}
        <p id="webhook-secret-note" className={fresh ? 'webhook-once' : 'webhook-hint'}>
          {fresh
            ? 'Copy this secret now: it will not be shown again. The studio keeps only a fingerprint of it, enough to check a key but not to show it.'
            : 'The secret was shown once, when it was made. Lost it? Regenerate makes a new one (shown once) and the old one stops working.'}
        </p>
      </div>
      <div className="webhook-field webhook-curl">
        <span>curl</span>
        <pre aria-label="curl command">{freshCurl ?? info.curl}</pre>
        <button type="button" onClick={() => void copy('curl')}>
          {freshCurl ? 'Copy with secret' : 'Copy (secret masked)'}
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
      <ListenerSettings status={listener} onChanged={() => void load()} />
      {confirming && (
        <ConfirmDialog
          title="Regenerate the webhook secret?"
          body="A new secret replaces the current one at once: every caller still using the old secret gets 401 until you update it. The new secret is shown once, to copy."
          confirmLabel="Regenerate"
          danger
          onConfirm={() => void regenerate()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  )
}
