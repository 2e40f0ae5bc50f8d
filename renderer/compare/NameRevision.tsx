import { useState } from 'react'
import { DESCRIPTION_MAX, LABEL_MAX, type RevisionSummary } from '../../shared/api/commands/revisions'
import { api } from '../api'
import './compare.css'

// Naming a revision ("holiday hours") and describing it, from the revisions list and the comparison: a named
// revision is kept when old ones are pruned, and the Publish dialog shows its name (docs/canvas.md).

export function NameRevision({
  flowId,
  revision,
  label,
  description,
  onNamed,
  onCancel,
}: {
  flowId: string
  /** The revision to name, or a function that finds it (the draft: saved first, then its revision). */
  revision: number | (() => Promise<number>)
  label: string | null
  description: string | null
  onNamed(summary: RevisionSummary): void
  onCancel(): void
}) {
  const [name, setName] = useState(label ?? '')
  const [text, setText] = useState(description ?? '')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const save = async (clear = false) => {
    setBusy(true)
    setError(null)
    try {
      const n = typeof revision === 'number' ? revision : await revision()
      const r = await api.call('revisions.name', {
        flowId,
        revision: n,
        label: clear ? null : name,
        description: clear || !text.trim() ? null : text,
      })
      if (r.ok) onNamed(r.value)
      else setError(r.error.issues?.[0]?.message ?? r.error.message)
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      className="name-revision"
      aria-label="Name this version"
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
    >
      <label>
        Version name
        <input
          type="text"
          value={name}
          maxLength={LABEL_MAX}
          required
          placeholder="e.g. holiday hours"
          onChange={(e) => setName(e.currentTarget.value)}
        />
      </label>
      <label>
        Description
        <textarea value={text} maxLength={DESCRIPTION_MAX} rows={2} onChange={(e) => setText(e.currentTarget.value)} />
      </label>
      {error && <p role="alert">{error}</p>}
      <div className="name-revision-actions">
        <button type="submit" className="primary" disabled={busy}>
          Save name
        </button>
        {label && (
          <button type="button" disabled={busy} onClick={() => void save(true)}>
            Remove name
          </button>
        )}
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}
