import { useState } from 'react'
import type { ContactView } from '../../shared/api/commands/contacts'
import { api } from '../api'

interface Row {
  key: string
  value: string
}

/** Add or edit one contact in a modal form; the back end checks the phone number and answers with the saved contact. */
export function ContactForm({
  contact,
  onSaved,
  onCancel,
}: {
  contact: ContactView | null
  onSaved(c: ContactView): void
  onCancel(): void
}) {
  const [name, setName] = useState(contact?.name ?? '')
  const [phone, setPhone] = useState(contact?.phone ?? '')
  const [optedIn, setOptedIn] = useState(contact?.optedIn ?? true)
  const [tags, setTags] = useState((contact?.tags ?? []).join(', '))
  const [rows, setRows] = useState<Row[]>(
    Object.entries(contact?.fields ?? {}).map(([key, value]) => ({ key, value: String(value) })),
  )
  const [problem, setProblem] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  const setRow = (i: number, patch: Partial<Row>) =>
    setRows((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)))
  const save = async () => {
    const filled = rows.filter((r) => r.key.trim() || r.value.trim())
    if (filled.some((r) => !r.key.trim())) return setProblem('Every custom field needs a name.')
    setSaving(true)
    const result = await api.call('contacts.save', {
      ...(contact ? { id: contact.id } : {}),
      name,
      phone,
      optedIn,
      tags: tags
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
      fields: Object.fromEntries(filled.map((r) => [r.key.trim(), r.value])),
    })
    setSaving(false)
    if (result.ok) onSaved(result.value.contact)
    else setProblem(result.error.issues?.[0]?.message ?? result.error.message)
  }

  const title = contact ? `Edit ${contact.name}` : 'New contact'
  return (
    <div className="dialog-backdrop">
      <form
        className="dialog contact-form"
        role="dialog"
        aria-modal="true"
        aria-label={title}
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
        onKeyDown={(e) => e.key === 'Escape' && onCancel()}
      >
        <h2>{title}</h2>
        <label>
          Name
          <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={120} autoFocus />
        </label>
        <label>
          Phone (with country code)
          <input
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            placeholder="+919800000001"
            required
            inputMode="tel"
          />
        </label>
        <label className="contact-optin">
          <input type="checkbox" checked={optedIn} onChange={(e) => setOptedIn(e.target.checked)} />
          Opted in to messages
        </label>
        <label>
          Tags (comma separated)
          <input value={tags} onChange={(e) => setTags(e.target.value)} placeholder="vip, lead" />
        </label>
        <fieldset>
          <legend>Custom fields</legend>
          {rows.map((r, i) => (
            <div className="contact-field-row" key={i}>
              <input
                aria-label={`Field ${i + 1} name`}
                value={r.key}
                onChange={(e) => setRow(i, { key: e.target.value })}
                placeholder="city"
              />
              <input
                aria-label={`Field ${i + 1} value`}
                value={r.value}
                onChange={(e) => setRow(i, { value: e.target.value })}
                placeholder="Pune"
              />
              <button
                type="button"
                aria-label={`Remove field ${i + 1}`}
                onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
              >
                ×
              </button>
            </div>
          ))}
          <button type="button" onClick={() => setRows((all) => [...all, { key: '', value: '' }])}>
            Add field
          </button>
        </fieldset>
        {problem && (
          <p className="field-problem" role="alert">
            {problem}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={saving}>
            Save contact
          </button>
        </div>
      </form>
    </div>
  )
}
