import { useEffect, useState } from 'react'
import type { PublishServer } from '../../shared/api/commands/publish'
import { api } from '../api'
import './compare.css'
import { ordered, useCompareStore, type Side } from './compare-store'
import { DRAFT, fileSide, revisionSide, serverSide, type Loaded } from './open-sides'

// The Revisions panel's ways into a comparison besides a row's own button: the two revisions ticked in the list,
// files (one with the draft, or two with each other), and the draft with what a publish server runs.

export async function openComparison(
  flowId: string,
  a: Promise<Loaded> | Loaded,
  b: Promise<Loaded> | Loaded,
): Promise<string | null> {
  const [x, y] = await Promise.all([a, b])
  if (!x.ok) return x.message
  if (!y.ok) return y.message
  const [before, after]: [Side, Side] = ordered(x.side, y.side)
  useCompareStore.getState().open(flowId, before, after)
  return null
}

export function CompareActions({
  flowId,
  picked,
  onError,
}: {
  flowId: string
  picked: readonly number[]
  onError(message: string | null): void
}) {
  const [servers, setServers] = useState<PublishServer[]>([])
  const [serverId, setServerId] = useState('')

  useEffect(() => {
    let live = true
    // Offered only when there is a server to compare with; a list that cannot be read leaves the option out.
    void api.call('publish.servers.list', {}).then((r) => {
      if (!live || !r.ok) return
      setServers(r.value.servers)
      setServerId((id) => id || (r.value.servers[0]?.id ?? ''))
    })
    return () => {
      live = false
    }
  }, [])

  const compare = async (a: Promise<Loaded> | Loaded, b: Promise<Loaded> | Loaded) => {
    onError(null)
    onError(await openComparison(flowId, a, b))
  }
  const onFiles = (files: FileList | null) => {
    const list = [...(files ?? [])]
    if (list.length === 0) return
    if (list.length > 2) return onError('Pick one file to compare with the draft, or two to compare with each other.')
    void compare(fileSide(list[0]!), list[1] ? fileSide(list[1]) : { ok: true, side: DRAFT })
  }

  return (
    <>
      <div className="compare-actions">
        <button
          type="button"
          disabled={picked.length !== 2}
          title="Tick two revisions below"
          onClick={() => void compare(revisionSide(flowId, picked[0]!), revisionSide(flowId, picked[1]!))}
        >
          Compare the two picked
        </button>
        <label className="button">
          Compare files…
          <input
            type="file"
            accept=".json,application/json"
            multiple
            hidden
            aria-label="Compare files"
            onChange={(e) => {
              onFiles(e.currentTarget.files)
              e.currentTarget.value = ''
            }}
          />
        </label>
      </div>
      {servers.length > 0 && (
        <div className="compare-actions">
          <label>
            Server{' '}
            <select value={serverId} onChange={(e) => setServerId(e.currentTarget.value)}>
              {servers.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            disabled={!serverId}
            onClick={() => void compare(serverSide(serverId, flowId), { ok: true, side: DRAFT })}
          >
            Compare with what it runs
          </button>
        </div>
      )}
    </>
  )
}
