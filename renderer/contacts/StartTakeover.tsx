import { useState } from 'react'
import type { ContactView } from '../../shared/api/commands/contacts'
import { api } from '../api'
import { Modal } from '../ui/Modal'

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
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const start = async (e: React.FormEvent) => {
    e.preventDefault()
    setBusy(true)
    const r = await api.call('handovers.start', { contactId: contact.id, note: note.trim() || undefined })
    setBusy(false)
    if (r.ok) onStarted()
    else setProblem(r.error.message)
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
        {problem && (
          <p className="field-problem" role="alert">
            {problem}
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
