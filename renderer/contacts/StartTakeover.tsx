import { useState } from 'react'
import type { ContactView } from '../../shared/api/commands/contacts'
import { api } from '../api'
import { Modal } from '../ui/Modal'
import { readUntil, studioZone } from './until'
import { UntilField } from './UntilField'

/** Take over a contact's conversation: the bot goes quiet for them until a person hands it back. */
export function StartTakeover({
  contact,
  onCancel,
  onStarted,
}: {
  contact: ContactView
  onCancel(): void
  onStarted(): void
}) {
  const [note, setNote] = useState('')
  const [until, setUntil] = useState('')
  const [problem, setProblem] = useState<{ where: 'until' | 'start'; message: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const zone = studioZone()
  const start = async (e: React.FormEvent) => {
    e.preventDefault()
    const read = readUntil(until, zone, Date.now())
    if (!read.ok) return setProblem({ where: 'until', message: read.message })
    setBusy(true)
    const r = await api.call('handovers.start', {
      contactId: contact.id,
      note: note.trim() || undefined,
      until: read.until,
    })
    setBusy(false)
    if (r.ok) onStarted()
    else setProblem({ where: r.error.code === 'until_passed' ? 'until' : 'start', message: r.error.message })
  }
  return (
    <Modal labelledBy="start-takeover-title" className="contact-form" onClose={onCancel}>
      <form onSubmit={(e) => void start(e)} className="contact-form">
        <h2 id="start-takeover-title">Take over the conversation with {contact.name}?</h2>
        <p>
          The bot stops answering {contact.name}: what they write is kept for you and starts no flow, not even a
          keyword. A run waiting for them stays where it is until you hand the conversation back.
        </p>
        <label>
          Note for the team (optional)
          <input
            autoFocus
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
      </form>
    </Modal>
  )
}
