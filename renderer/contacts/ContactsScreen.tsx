import { useCallback, useEffect, useState } from 'react'
import type { ContactView } from '../../shared/api/commands/contacts'
import type { HandoverView } from '../../shared/api/commands/handovers'
import { api } from '../api'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { ContactForm } from './ContactForm'
import { lastMessageText, lastMessageTitle } from './last-message'
import { StartTakeover } from './StartTakeover'
import { withPersonSince } from './takeover'
import { TakeoverDialog } from './TakeoverDialog'
import '../styles/flows.css'
import './contacts.css'

/** The studio's contacts: the people manual triggers, the emulator and the webhook start flows for. */
export function ContactsScreen() {
  const [contacts, setContacts] = useState<ContactView[] | null>(null)
  const [query, setQuery] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [editing, setEditing] = useState<ContactView | 'new' | null>(null)
  const [deleting, setDeleting] = useState<ContactView | null>(null)
  /** Open takeovers by contact id: who is with a person, and since when. */
  const [withPerson, setWithPerson] = useState<Map<string, HandoverView>>(new Map())
  const [takingOver, setTakingOver] = useState<ContactView | null>(null)
  const [talking, setTalking] = useState<string | null>(null)

  const load = useCallback(async (q: string) => {
    const [result, open] = await Promise.all([
      api.call('contacts.list', { query: q }),
      api.call('handovers.list', { open: true }),
    ])
    if (result.ok) setContacts(result.value.contacts)
    else setError(result.error.message)
    if (open.ok) setWithPerson(new Map(open.value.handovers.map((h) => [h.contactId, h])))
    else setError(`Who is with a person could not be read: ${open.error.message}`)
  }, [])
  useEffect(() => {
    const timer = setTimeout(() => void load(query), 120)
    return () => clearTimeout(timer)
  }, [load, query])

  const remove = async () => {
    const c = deleting
    setDeleting(null)
    if (!c) return
    const result = await api.call('contacts.delete', { id: c.id })
    if (!result.ok) setError(result.error.message)
    void load(query)
  }

  return (
    <main className="flows-screen" aria-labelledby="contacts-title">
      <header className="flows-header">
        <div>
          <p className="brand">
            <a href="#/flows">Chatflow Studio · Flows</a>
          </p>
          <h1 id="contacts-title">Contacts</h1>
        </div>
        <div className="flows-toolbar">
          <input
            type="search"
            placeholder="Search name, phone or tag"
            aria-label="Search contacts"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <button type="button" className="primary" onClick={() => setEditing('new')}>
            New contact
          </button>
          <a href="#/broadcasts">Broadcasts</a>
        </div>
      </header>
      {error && (
        <div className="error-banner" role="alert">
          {error}
          <button type="button" aria-label="Dismiss error" onClick={() => setError(null)}>
            ×
          </button>
        </div>
      )}
      {contacts === null ? (
        <p className="loading" aria-busy="true">
          Loading contacts…
        </p>
      ) : contacts.length === 0 ? (
        <p className="empty">
          {query ? `No contact matches “${query}”.` : 'No contacts yet. Add one, or start a flow for a phone number.'}
        </p>
      ) : (
        <table className="contacts-table" aria-label="Contacts">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Phone</th>
              <th scope="col">Messages</th>
              <th scope="col">Last message</th>
              <th scope="col">Tags</th>
              <th scope="col">Fields</th>
              <th scope="col">Conversation</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {contacts.map((c) => (
              <tr key={c.id} aria-label={c.name}>
                <th scope="row">{c.name}</th>
                <td>{c.phone}</td>
                <td>{c.optedIn ? 'Opted in' : 'Opted out'}</td>
                <td title={lastMessageTitle(c.lastInboundAt)}>{lastMessageText(c.lastInboundAt, Date.now())}</td>
                <td>{c.tags.join(', ')}</td>
                <td>
                  {Object.entries(c.fields)
                    .map(([k, v]) => `${k}: ${String(v)}`)
                    .join(' · ')}
                </td>
                <td>
                  {withPerson.has(c.id) && (
                    <span className="takeover-badge" title={withPerson.get(c.id)!.note ?? undefined}>
                      {withPersonSince(withPerson.get(c.id)!.since, Date.now())}
                    </span>
                  )}
                </td>
                <td className="flow-actions">
                  {withPerson.has(c.id) ? (
                    <button type="button" aria-label={`Conversation with ${c.name}`} onClick={() => setTalking(c.id)}>
                      Conversation
                    </button>
                  ) : (
                    <button type="button" aria-label={`Take over ${c.name}`} onClick={() => setTakingOver(c)}>
                      Take over
                    </button>
                  )}
                  <button type="button" aria-label={`Edit ${c.name}`} onClick={() => setEditing(c)}>
                    Edit
                  </button>
                  <button
                    type="button"
                    className="danger-quiet"
                    aria-label={`Delete ${c.name}`}
                    onClick={() => setDeleting(c)}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editing && (
        <ContactForm
          contact={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            void load(query)
          }}
        />
      )}
      {takingOver && (
        <StartTakeover
          contact={takingOver}
          onCancel={() => setTakingOver(null)}
          onStarted={() => {
            const id = takingOver.id
            setTakingOver(null)
            void load(query).then(() => setTalking(id))
          }}
        />
      )}
      {talking && withPerson.get(talking) && contacts?.find((c) => c.id === talking) && (
        <TakeoverDialog
          contact={contacts.find((c) => c.id === talking)!}
          handover={withPerson.get(talking)!}
          onClose={() => setTalking(null)}
          onChanged={() => {
            setTalking(null)
            void load(query)
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete “${deleting.name}”?`}
          body="The contact and its runs in Flow Logs are deleted. This cannot be undone."
          confirmLabel="Delete contact"
          danger
          onConfirm={() => void remove()}
          onCancel={() => setDeleting(null)}
        />
      )}
    </main>
  )
}
