import { useState } from 'react'
import type { PublishServer } from '../../shared/api/commands/publish'
import { api } from '../api'

/** Production servers: add one (name, base URL, API key) and see where keys are kept. */
export function ServersSection({
  servers,
  keyStorage,
  onChanged,
}: {
  servers: PublishServer[]
  keyStorage: string
  onChanged(): void
}) {
  const [name, setName] = useState('')
  const [baseUrl, setBaseUrl] = useState('')
  const [key, setKey] = useState('')
  const [error, setError] = useState<string | null>(null)
  const add = async () => {
    const out = await api.call('publish.servers.save', { name, baseUrl, key })
    if (!out.ok) return setError(out.error.issues?.[0]?.message ?? out.error.message)
    setName('')
    setBaseUrl('')
    setKey('')
    setError(null)
    onChanged()
  }
  const remove = async (server: PublishServer) => {
    const out = await api.call('publish.servers.delete', { id: server.id })
    setError(out.ok ? null : `${server.name} was not removed: ${out.error.message}`)
    onChanged()
  }
  return (
    <section aria-label="Production servers">
      <h3>Production servers</h3>
      <ul className="transfer-list">
        {servers.map((s) => (
          <li key={s.id}>
            {s.name} — <code>{s.baseUrl}</code>{' '}
            <button type="button" onClick={() => void remove(s)}>
              Remove {s.name}
            </button>
          </li>
        ))}
      </ul>
      <div className="transfer-form">
        <input aria-label="Server name" placeholder="Name" value={name} onChange={(e) => setName(e.target.value)} />
        <input
          aria-label="Base URL"
          placeholder="https://bots.example.com/api/v1"
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.target.value)}
        />
        <input
          aria-label="API key"
          type="password"
          placeholder="API key"
          value={key}
          onChange={(e) => setKey(e.target.value)}
        />
        <button type="button" onClick={() => void add()} disabled={!name || !baseUrl || !key}>
          Add server
        </button>
      </div>
      <p className="transfer-note">API keys: {keyStorage}</p>
      {error && <p role="alert">{error}</p>}
    </section>
  )
}
