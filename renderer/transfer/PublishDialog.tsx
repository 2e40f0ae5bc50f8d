import { useCallback, useEffect, useState } from 'react'
import type { FlowSummary } from '../../shared/api'
import type { PublishedVersion, PublishPreview as Preview, PublishServer } from '../../shared/api/commands/publish'
import { api } from '../api'
import { PublishPreview } from './PublishPreview'
import { ServersSection } from './ServersSection'
import { SplitSection } from './SplitSection'
import { Modal } from '../ui/Modal'

/**
 * Publish a flow to a production server: first what would change there, errors (which block), warnings and
 * untested branches (which do not); then the server's version history and rollback, and the A/B split.
 */
export function PublishDialog({ flows, onClose }: { flows: FlowSummary[]; onClose(): void }) {
  const [servers, setServers] = useState<PublishServer[]>([])
  const [keyStorage, setKeyStorage] = useState('')
  const [serverId, setServerId] = useState('')
  const [flowId, setFlowId] = useState(flows[0]?.id ?? '')
  const [history, setHistory] = useState<PublishedVersion[]>([])
  const [preview, setPreview] = useState<Preview | null>(null)
  /** Why the servers, the server's history or the preview could not be read: an empty list is not the truth then. */
  const [loadErrors, setLoadErrors] = useState<{ servers?: string; history?: string; preview?: string }>({})
  const loadFailed = (part: 'servers' | 'history' | 'preview', message: string | null) =>
    setLoadErrors((all) => ({ ...all, [part]: message ?? undefined }))
  const [publishing, setPublishing] = useState(false)
  /** The name given to the revision published; empty keeps its name, or lets publishing name it after the server. */
  const [label, setLabel] = useState('')
  const [message, setMessage] = useState<{ text: string; error: boolean; details?: string[] } | null>(null)

  const loadServers = useCallback(async () => {
    const out = await api.call('publish.servers.list', {})
    loadFailed('servers', out.ok ? null : `The production servers could not be read: ${out.error.message}`)
    if (!out.ok) return
    setServers(out.value.servers)
    setKeyStorage(out.value.keyStorage)
    setServerId((id) => (out.value.servers.some((s) => s.id === id) ? id : (out.value.servers[0]?.id ?? '')))
  }, [])
  const loadHistory = useCallback(async () => {
    if (!serverId || !flowId) return setHistory([])
    const out = await api.call('publish.remote.versions', { serverId, flowId })
    setHistory(out.ok ? out.value : [])
    loadFailed('history', out.ok ? null : `The server's history could not be read: ${out.error.message}`)
  }, [serverId, flowId])
  const loadPreview = useCallback(async () => {
    if (!serverId || !flowId) return setPreview(null)
    const out = await api.call('publish.preview', { serverId, flowId })
    setPreview(out.ok ? out.value : null)
    loadFailed('preview', out.ok ? null : `What would change could not be worked out: ${out.error.message}`)
  }, [serverId, flowId])
  useEffect(() => void loadServers(), [loadServers])
  useEffect(() => void loadHistory(), [loadHistory])
  useEffect(() => void loadPreview(), [loadPreview])

  const publish = async () => {
    // Validation and the round trip to the server can take seconds: say so, and keep a second click from racing it.
    setPublishing(true)
    setMessage({ text: 'Validating and publishing…', error: false })
    const name = label.trim()
    const out = await api
      .call('publish.send', { serverId, flowId, ...(name ? { label: name } : {}) })
      .finally(() => setPublishing(false))
    if (!out.ok)
      return setMessage({ text: out.error.message, error: true, details: out.error.issues?.map((i) => i.message) })
    const as = name ? ` as “${name}”` : ''
    setMessage({
      text: `Published version ${out.value.version.version}${as}.`,
      error: false,
      details: out.value.warnings,
    })
    setLabel('')
    await Promise.all([loadHistory(), loadPreview()])
  }
  const rollback = async (version: number) => {
    const out = await api.call('publish.remote.rollback', { serverId, flowId, version })
    setMessage(
      out.ok ? { text: `Version ${version} runs now.`, error: false } : { text: out.error.message, error: true },
    )
    await Promise.all([loadHistory(), loadPreview()])
  }

  return (
    <Modal labelledBy="publish-title" className="transfer-wide" onClose={onClose}>
      <h2 id="publish-title">Publish</h2>
      <ServersSection servers={servers} keyStorage={keyStorage} onChanged={() => void loadServers()} />
      <div className="transfer-form">
        <label>
          Flow
          <select value={flowId} onChange={(e) => setFlowId(e.target.value)}>
            {flows.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Server
          <select value={serverId} onChange={(e) => setServerId(e.target.value)}>
            {servers.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Version name
          <input
            type="text"
            value={label}
            maxLength={80}
            placeholder={preview?.revision.label ?? 'optional, e.g. holiday hours'}
            onChange={(e) => setLabel(e.target.value)}
          />
        </label>
        <button
          type="button"
          className="primary"
          disabled={publishing || !serverId || !flowId || !!preview?.errors.length}
          aria-busy={publishing}
          title={preview?.errors.length ? 'Fix the errors listed below first' : undefined}
          onClick={() => void publish()}
        >
          Validate and publish
        </button>
      </div>
      {Object.values(loadErrors)
        .filter(Boolean)
        .map((text) => (
          <p key={text} role="alert">
            {text}
          </p>
        ))}
      {preview && (
        <PublishPreview preview={preview} serverName={servers.find((x) => x.id === serverId)?.name ?? 'this server'} />
      )}
      {message && (
        <div role={message.error ? 'alert' : 'status'}>
          {message.text}
          {!!message.details?.length && (
            <ul>
              {message.details.map((d, i) => (
                <li key={i}>{d}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <h3>History on this server</h3>
      <ul className="transfer-list" aria-label="Published versions">
        {history.map((v) => (
          <li key={v.version}>
            Version {v.version} — {new Date(v.publishedAt).toLocaleString()} {v.active ? '(running)' : ''}
            {!v.active && (
              <button type="button" onClick={() => void rollback(v.version)}>
                Roll back to version {v.version}
              </button>
            )}
          </li>
        ))}
      </ul>
      <SplitSection serverId={serverId} flowId={flowId} history={history} onEnded={() => void loadHistory()} />
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  )
}
