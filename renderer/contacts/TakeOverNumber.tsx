import { useState } from 'react'
import type { HandoverTarget, HandoverView } from '../../shared/api/commands/handovers'
import { api } from '../api'
import { Modal } from '../ui/Modal'
import { TakeoverFields, useTakeoverForm } from './takeover-form'

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
  const form = useTakeoverForm()
  const start = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!phone.trim())
      return form.setProblem({
        where: 'start',
        message: 'Write the customer’s number with its country code, e.g. +447700900123.',
      })
    const started = await form.submit((fields) =>
      api.call('handovers.start', { target, contactId: phone.trim(), ...fields }),
    )
    if (started) onStarted(started.handover)
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
            aria-invalid={form.problem?.where === 'start' ? true : undefined}
            onChange={(e) => setPhone(e.target.value)}
          />
        </label>
        <TakeoverFields form={form} onCancel={onCancel} />
      </form>
    </Modal>
  )
}
