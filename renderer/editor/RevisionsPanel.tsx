import { useCallback, useEffect, useState } from 'react'
import type { RevisionSummary } from '../../shared/api/commands/revisions'
import { api } from '../api'
import { CompareActions, openComparison } from '../compare/CompareActions'
import { NameRevision } from '../compare/NameRevision'
import { DRAFT, revisionSide } from '../compare/open-sides'
import { useEditorStore } from './context'
import { SidePanel } from './SidePanel'

const time = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' })

/** Saved revisions of the flow, newest first: each can be named, compared (with the draft, or two ticked ones) and
 *  restored (loaded as a new edit, so Undo takes it back). */
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
  const [naming, setNaming] = useState<number | null>(null)

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
  const togglePick = (revision: number) =>
    setPicked((p) => (p.includes(revision) ? p.filter((r) => r !== revision) : [...p, revision].slice(-2)))
  const named = useCallback((s: RevisionSummary) => {
    setList((l) => l?.map((r) => (r.revision === s.revision ? s : r)) ?? l)
    setNaming(null)
  }, [])

  return (
    <SidePanel label="Revisions" title="Revisions" closeLabel="Close revisions" onClose={onClose}>
      <CompareActions flowId={flowId} picked={picked} onError={setError} />
      {error && <p role="alert">{error}</p>}
      {!list && !error && <p role="status">Loading…</p>}
      {list && (
        <ol className="revisions-list" aria-label="Saved revisions">
          {list.map((r, i) => (
            <li key={r.revision} aria-label={`Revision ${r.revision}${r.label ? `, ${r.label}` : ''}`}>
              <div className="revision-head">
                <strong>Revision {r.revision}</strong>{' '}
                <time dateTime={new Date(r.createdAt).toISOString()}>{time.format(r.createdAt)}</time>
              </div>
              {r.label && (
                <div className="revision-label">
                  <strong>{r.label}</strong>
                  {r.description && <span className="revision-description">{r.description}</span>}
                </div>
              )}
              <div className="revision-summary">{r.summary}</div>
              {naming === r.revision ? (
                <NameRevision
                  flowId={flowId}
                  revision={r.revision}
                  label={r.label}
                  description={r.description}
                  onNamed={named}
                  onCancel={() => setNaming(null)}
                />
              ) : (
                <div className="revision-actions">
                  <label className="revision-pick">
                    <input
                      type="checkbox"
                      checked={picked.includes(r.revision)}
                      onChange={() => togglePick(r.revision)}
                      aria-label={`Pick revision ${r.revision} to compare`}
                    />{' '}
                    Pick
                  </label>
                  <button
                    type="button"
                    aria-label={`Name revision ${r.revision}`}
                    onClick={() => setNaming(r.revision)}
                  >
                    {r.label ? 'Rename' : 'Name'}
                  </button>
                  {i > 0 && (
                    <button
                      type="button"
                      aria-label={`Compare revision ${r.revision} with the draft`}
                      onClick={() =>
                        void openComparison(flowId, revisionSide(flowId, r.revision), { ok: true, side: DRAFT }).then(
                          setError,
                        )
                      }
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
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </SidePanel>
  )
}
