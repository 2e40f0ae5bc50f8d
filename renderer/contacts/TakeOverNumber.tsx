import { useState } from 'react'
import type { HandoverTarget, HandoverView } from '../../shared/api/commands/handovers'
import { api } from '../api'
import { Modal } from '../ui/Modal'
import { readUntil, studioZone } from './until'
import { UntilField } from './UntilField'

/**
 * Take over a production server's conversation with a number: the server's bot goes quiet for that customer until a
 * person hands it back (the publish API's POST /contacts/{phone}/handover). The number must have written to the
 * server before; the server says so otherwise, and the message shows here.
 */
export function TakeOverNumber({
  target,
  serverName,
  onCancel,
  onStarted,
}: {
  target: HandoverTarget
  serverName: string
  onCancel(): void
  onStarted(handover: HandoverView): void
}) {
  const [phone, setPhone] = useState('')
  const [note, setNote] = useState('')
  const [until, setUntil] = useState('')
  const [problem, setProblem] = useState<{ where: 'until' | 'start'; message: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const zone = studioZone()
  const start = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!phone.trim())
      return setProblem({
        where: 'start',
        message: 'Write the customer’s number with its country code, e.g. +447700900123.',
      })
    const read = readUntil(until, zone, Date.now())
    if (!read.ok) return setProblem({ where: 'until', message: read.message })
    setBusy(true)
    setProblem(null)
    const r = await api.call('handovers.start', {
      target,
      contactId: phone.trim(),
      note: note.trim() || undefined,
      until: read.until,
    })
    setBusy(false)
    if (r.ok) onStarted(r.value.handover)
    else setProblem({ where: r.error.code.endsWith('until_passed') ? 'until' : 'start', message: r.error.message })
  }
  return (
    <Modal labelledBy="take-over-number-title" className="contact-form" onClose={onCancel}>
      <form onSubmit={(e) => void start(e)} className="contact-form">
        <h2 id="take-over-number-title">Take over a number on {serverName}</h2>
        <p>
          The bot on {serverName} stops answering this customer: what they write is kept for you and starts no flow, not
          even a keyword. A run waiting for them stays where it is until you hand the conversation back.
        </p>
        <label>
          Phone number
          <input
            autoFocus
            type="tel"
            value={phone}
            placeholder="+447700900123"
            aria-invalid={problem?.where === 'start' ? true : undefined}
            onChange={(e) => setPhone(e.target.value)}
          />
        </label>
        <label>
          Note for the team (optional)
          <input value={note} maxLength={500} placeholder="Refund request" onChange={(e) => setNote(e.target.value)} />
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
