import { useState } from 'react'
import type { Result } from '../../shared/api'
import { readUntil, studioZone } from './until'
import { UntilField } from './UntilField'

// What every "Take over" form shares (a contact of the studio, a number on a production server): the note for the
// team, "Back to the bot at" in the studio's zone, the problem shown where the person looks (beside the time, or
// above the buttons), and the Cancel and Take over buttons.

export type TakeoverProblem = { where: 'until' | 'start'; message: string } | null

export function useTakeoverForm() {
  const [note, setNote] = useState('')
  const [until, setUntil] = useState('')
  const [problem, setProblem] = useState<TakeoverProblem>(null)
  const [busy, setBusy] = useState(false)
  const zone = studioZone()
  /**
   * Reads the time and, when it is one (or none), calls `start` with the note and the instant; its refusal is shown
   * beside the time when the time has passed meanwhile, otherwise above the buttons. Resolves the started value.
   */
  const submit = async <T,>(
    start: (fields: { note: string | undefined; until: number | undefined }) => Promise<Result<T>>,
  ): Promise<T | null> => {
    const read = readUntil(until, zone, Date.now())
    if (!read.ok) {
      setProblem({ where: 'until', message: read.message })
      return null
    }
    setBusy(true)
    setProblem(null)
    const r = await start({ note: note.trim() || undefined, until: read.until })
    setBusy(false)
    if (r.ok) return r.value
    setProblem({ where: r.error.code.endsWith('until_passed') ? 'until' : 'start', message: r.error.message })
    return null
  }
  return { note, setNote, until, setUntil, problem, setProblem, busy, zone, submit }
}

export type TakeoverForm = ReturnType<typeof useTakeoverForm>

/** The note, the time, the problem and the buttons of a takeover form. */
export function TakeoverFields({
  form,
  autoFocusNote,
  onCancel,
}: {
  form: TakeoverForm
  autoFocusNote?: boolean
  onCancel(): void
}) {
  const { note, setNote, until, setUntil, problem, setProblem, busy, zone } = form
  return (
    <>
      <label>
        Note for the team (optional)
        <input
          autoFocus={autoFocusNote}
          value={note}
          maxLength={500}
          placeholder="Refund request"
          onChange={(e) => setNote(e.target.value)}
        />
      </label>
      <UntilField
        value={until}
        zone={zone}
        problem={problem?.where === 'until' ? problem.message : null}
        onChange={(v) => {
          setUntil(v)
          if (problem?.where === 'until') setProblem(null)
        }}
      />
      {problem?.where === 'start' && (
        <p className="field-problem" role="alert">
          {problem.message}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={busy}>
          Take over
        </button>
      </div>
    </>
  )
}
