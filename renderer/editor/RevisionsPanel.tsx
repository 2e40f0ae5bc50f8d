import { useEffect, useState } from 'react'
import type { RevisionSummary } from '../../shared/api/commands/revisions'
import { api } from '../api'
import { useEditorStore } from './context'
import { SidePanel } from './SidePanel'

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

  return (
    <SidePanel label="Revisions" title="Revisions" closeLabel="Close revisions" onClose={onClose}>
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
