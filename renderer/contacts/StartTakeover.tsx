import type { ContactView } from '../../shared/api/commands/contacts'
import { api } from '../api'
import { Modal } from '../ui/Modal'
import { TakeoverFields, useTakeoverForm } from './takeover-form'

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
  const form = useTakeoverForm()
  const start = async (e: React.FormEvent) => {
    e.preventDefault()
    const started = await form.submit((fields) => api.call('handovers.start', { contactId: contact.id, ...fields }))
    if (started) onStarted()
  }
  return (
    <Modal labelledBy="start-takeover-title" className="contact-form" onClose={onCancel}>
      <form onSubmit={(e) => void start(e)} className="contact-form">
        <h2 id="start-takeover-title">Take over the conversation with {contact.name}?</h2>
        <p>
          The bot stops answering {contact.name}: what they write is kept for you and starts no flow, not even a
          keyword. A run waiting for them stays where it is until you hand the conversation back.
        </p>
        <TakeoverFields form={form} autoFocusNote onCancel={onCancel} />
      </form>
    </Modal>
  )
}
