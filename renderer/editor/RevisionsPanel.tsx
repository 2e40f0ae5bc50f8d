import { useEffect, useState } from 'react'
import type { RevisionSummary } from '../../shared/api/commands/revisions'
import { api } from '../api'
import { useEditorStore } from './context'
import { SidePanel } from './SidePanel'
import { ordered, useCompareStore, type Side } from '../compare/compare-store'
import { DRAFT, fileSide, revisionSide, serverSide, type Loaded } from '../compare/open-sides'
import type { PublishServer } from '../../shared/api/commands/publish'

const time = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' })

/** Saved revisions of the flow, newest first; Restore loads one as a new edit (so Undo takes it back). */
export function RevisionsPanel({
  flowId,
  onClose,
  flush,
}: {
  flowId: string
  onClose(): void
  flush(): Promise<void>
}) {
  const store = useEditorStore()
  const [list, setList] = useState<RevisionSummary[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [picked, setPicked] = useState<number[]>([])
  const [servers, setServers] = useState<PublishServer[]>([])
  const [serverId, setServerId] = useState('')

  useEffect(() => {
    let live = true
    // Only offered when there is a server to compare with; a list that cannot be read leaves the option out.
    void api.call('publish.servers.list', {}).then((r) => {
      if (!live || !r.ok) return
      setServers(r.value.servers)
      setServerId((id) => id || (r.value.servers[0]?.id ?? ''))
    })
    return () => {
      live = false
    }
  }, [])

  useEffect(() => {
    let live = true
    // Save first, so the list ends with what is on the canvas now.
    void flush()
      .then(() => api.call('revisions.list', { flowId, limit: 100 }))
      .then((r) => {
        if (!live) return
        if (r.ok) setList(r.value)
        else setError(r.error.message)
      })
    return () => {
      live = false
    }
  }, [flowId, flush])

  const restore = async (revision: number) => {
    const r = await api.call('revisions.get', { flowId, revision })
    if (!r.ok) return setError(r.error.message)
    const current = store.getState().doc
    // Name and active state belong to the flow list; a restore brings back the canvas only.
    store
      .getState()
      .replaceDocument(
        { ...r.value.document, name: current.name, active: current.active },
        `Restore revision ${revision}`,
      )
    store.getState().setNotice(`Restored revision ${revision}. Undo brings back what was there.`)
  }

  // Comparing: any two kept revisions, one with the draft, or files (one with the draft, or two with each other).
  const compare = async (a: Promise<Loaded> | Loaded, b: Promise<Loaded> | Loaded) => {
    setError(null)
    const [x, y] = await Promise.all([a, b])
    if (!x.ok) return setError(x.message)
    if (!y.ok) return setError(y.message)
    const [before, after]: [Side, Side] = ordered(x.side, y.side)
    useCompareStore.getState().open(flowId, before, after)
  }
  const togglePick = (revision: number) =>
    setPicked((p) => (p.includes(revision) ? p.filter((r) => r !== revision) : [...p, revision].slice(-2)))
  const onFiles = (files: FileList | null) => {
    const list = [...(files ?? [])]
    if (list.length === 0) return
    if (list.length > 2) return setError('Pick one file to compare with the draft, or two to compare with each other.')
    void compare(fileSide(list[0]!), list[1] ? fileSide(list[1]) : { ok: true, side: DRAFT })
  }

  return (
    <SidePanel label="Revisions" title="Revisions" closeLabel="Close revisions" onClose={onClose}>
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
      {error && <p role="alert">{error}</p>}
      {!list && !error && <p role="status">Loading…</p>}
      {list && (
        <ol className="revisions-list" aria-label="Saved revisions">
          {list.map((r, i) => (
            <li key={r.revision}>
              <div className="revision-head">
                <strong>Revision {r.revision}</strong>{' '}
                <time dateTime={new Date(r.createdAt).toISOString()}>{time.format(r.createdAt)}</time>
              </div>
              <div className="revision-summary">{r.summary}</div>
              <label className="revision-pick">
                <input
                  type="checkbox"
                  checked={picked.includes(r.revision)}
                  onChange={() => togglePick(r.revision)}
                  aria-label={`Pick revision ${r.revision} to compare`}
                />{' '}
                Pick
              </label>
              {i > 0 && (
                <button
                  type="button"
                  aria-label={`Compare revision ${r.revision} with the draft`}
                  onClick={() => void compare(revisionSide(flowId, r.revision), { ok: true, side: DRAFT })}
                >
                  Compare with draft
                </button>
              )}
              {i > 0 && (
                <button
                  type="button"
                  aria-label={`Restore revision ${r.revision}`}
                  onClick={() => void restore(r.revision)}
                >
                  Restore
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </SidePanel>
  )
}
