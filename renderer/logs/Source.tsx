import { useEffect, useState } from 'react'
import type { PublishServer } from '../../shared/api/commands/publish'
import { getApi } from '../api'

// Which runs the Logs screen shows: this studio's own (emulator, webhook listener, CLI), or a production server's,
// read through its publish API with the key saved in the Publish dialog (docs/logs.md, "Production runs").

const KEY = (flowId: string) => `chatflow.logs.source.${flowId}`

/** The source last chosen for this flow (a server id), or null for this studio. */
export function savedSource(flowId: string): string | null {
  try {
    return localStorage.getItem(KEY(flowId))
  } catch {
    return null
  }
}

export function saveSource(flowId: string, serverId: string | null): void {
  try {
    if (serverId) localStorage.setItem(KEY(flowId), serverId)
    else localStorage.removeItem(KEY(flowId))
  } catch {
    // Storage may be off (private window): the choice lasts for this screen only.
  }
}

export function SourcePicker({ value, onChange }: { value: string | null; onChange(serverId: string | null): void }) {
  const [servers, setServers] = useState<PublishServer[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    // A failed list leaves `servers` unknown (null), so a saved choice is not taken for a deleted server.
    void getApi()
      .call('publish.servers.list', {})
      .then((r) =>
        r.ok ? setServers(r.value.servers) : setError(`The production servers could not be read: ${r.error.message}`),
      )
  }, [])
  // A saved choice whose server was deleted falls back to this studio.
  useEffect(() => {
    if (servers && value && !servers.some((s) => s.id === value)) onChange(null)
  }, [servers, value, onChange])
  return (
    <label className="logs-source">
      Runs of
      <select aria-label="Runs of" value={value ?? ''} onChange={(e) => onChange(e.target.value || null)}>
        <option value="">this studio</option>
        {(servers ?? []).map((s) => (
          <option key={s.id} value={s.id}>
            server {s.name}
          </option>
        ))}
      </select>
      {error && (
        <span className="logs-source-hint" role="alert">
          {error}
        </span>
      )}
      {servers?.length === 0 && (
        <span className="logs-source-hint">Add a production server in Publish… to read its runs here.</span>
      )}
    </label>
  )
}
