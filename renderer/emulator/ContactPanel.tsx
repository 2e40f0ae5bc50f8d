import { useEffect, useState } from 'react'
import { useStore } from 'zustand'
import { parseRelaxedObject } from './relaxed'
import type { EmulatorStore } from './session-store'
import type { FlowDocument } from '../../shared/flow/document'
import { ContactLanguage } from './ContactLanguage'

/** The test contact's profile: what {{customer_name}} and Lead Management read, consent, the window, and the
 *  language the studio keeps for the contact (a flow in several languages starts the run in it). */
export function ContactPanel({ store, doc }: { store: EmulatorStore; doc: FlowDocument }) {
  const contact = useStore(store, (s) => s.contact)
  const busy = useStore(store, (s) => s.busy)
  const [name, setName] = useState('')
  const [fields, setFields] = useState('')
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    setName(contact?.name ?? '')
    setFields(JSON.stringify(contact?.fields ?? {}, null, 2))
  }, [contact])
  if (!contact) return null
  const save = () => {
    const parsed = parseRelaxedObject(fields)
    if (!parsed.ok) return setError(`Fields: ${parsed.message}`)
    setError(null)
    void store.getState().updateContact({ name: name.trim() || contact.name, fields: parsed.value })
  }
  return (
    <fieldset className="emu-contact" aria-label="Test contact">
      <legend>Test contact</legend>
      <label className="emu-field">
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} aria-label="Contact name" />
      </label>
      <p className="emu-field">
        Phone <code>{contact.phone}</code>
      </p>
      <label>
        <input
          type="checkbox"
          checked={contact.optedIn}
          disabled={busy}
          onChange={(e) => void store.getState().updateContact({ optedIn: e.target.checked })}
        />
        Opted in
      </label>
      <ContactLanguage
        doc={doc}
        language={contact.language}
        busy={busy}
        onChange={(language) => void store.getState().updateContact({ language })}
      />
      <p className="emu-field">
        Last message: {contact.lastInboundAt ? new Date(contact.lastInboundAt).toLocaleString() : 'never'}
      </p>
      <label className="emu-field">
        Custom fields (JSON)
        <textarea
          rows={3}
          value={fields}
          onChange={(e) => setFields(e.target.value)}
          aria-label="Contact fields"
          spellCheck={false}
        />
      </label>
      {error && (
        <p role="alert" className="emu-error">
          {error}
        </p>
      )}
      <button type="button" onClick={save} disabled={busy}>
        Save contact
      </button>
    </fieldset>
  )
}
