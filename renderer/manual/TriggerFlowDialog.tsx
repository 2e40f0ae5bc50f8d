import { useEffect, useState } from 'react'
import type { FlowSummary } from '../../shared/api'
import type { ContactView } from '../../shared/api/commands/contacts'
import type { FlowNode } from '../../shared/flow/document'
import { MAX_MANUAL_CONTACTS, type ManualContactResult, type ManualTarget } from '../../shared/api/commands/manual'
import { api } from '../api'
import { ManualResults } from './ManualResults'
import '../contacts/contacts.css'
import { triggerConfigOf } from '../../shared/nodes/trigger/config'

/** Typed numbers, one per line or comma separated. */
export function typedPhones(text: string): string[] {
  return text
    .split(/[\n,;]+/)
    .map((p) => p.trim())
    .filter(Boolean)
}

/** The names of the data entries the flow's trigger nodes declare, each once. */
export function triggerDataFields(nodes: ReadonlyArray<Pick<FlowNode, 'type' | 'config'>>): string[] {
  const names = nodes.flatMap((n) => (triggerConfigOf(n)?.dataFields ?? []).filter((f) => f !== ''))
  return [...new Set(names)]
}

/** Starts a flow for up to five contacts, picked from the contacts list and/or typed, and shows how each went. */
export function TriggerFlowDialog({ flow, onClose }: { flow: FlowSummary; onClose(): void }) {
  const [contacts, setContacts] = useState<ContactView[] | null>(null)
  const [picked, setPicked] = useState<string[]>([])
  const [typed, setTyped] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [outcome, setOutcome] = useState<{ results: ManualContactResult[]; totalCost: number } | null>(null)

  const [dataFields, setDataFields] = useState<string[]>([])
  const [data, setData] = useState<Record<string, string>>({})

  useEffect(() => {
    void api.call('contacts.list', {}).then((r) => (r.ok ? setContacts(r.value.contacts) : setProblem(r.error.message)))
    // The data the flow's trigger expects (e.g. an order id its first template needs) is asked for here.
    void api
      .call('flows.get', { id: flow.id })
      .then((r) =>
        r.ok
          ? setDataFields(triggerDataFields(r.value.document.nodes))
          : setProblem(`The data this flow's trigger expects could not be read: ${r.error.message}`),
      )
  }, [flow.id])

  const targets: ManualTarget[] = [
    ...picked.map((contactId) => ({ contactId })),
    ...typedPhones(typed).map((phone) => ({ phone })),
  ]
  const over = targets.length - MAX_MANUAL_CONTACTS
  const limitMessage =
    over > 0
      ? `A flow can be started for at most ${MAX_MANUAL_CONTACTS} contacts at a time; ${targets.length} are chosen. Remove ${over}.`
      : null

  const start = async () => {
    // Refused here, before anything is sent: the back end would refuse the whole batch anyway.
    if (limitMessage) return setProblem(limitMessage)
    if (targets.length === 0) return setProblem('Pick a contact or type a phone number with country code.')
    setProblem(null)
    setSending(true)
    const result = await api.call('manual.trigger', { flowId: flow.id, contacts: targets, data })
    setSending(false)
    if (result.ok) setOutcome(result.value)
    else setProblem(result.error.message)
  }

  return (
    <div className="dialog-backdrop">
      <div
        className="dialog contact-form"
        role="dialog"
        aria-modal="true"
        aria-labelledby="trigger-title"
        onKeyDown={(e) => e.key === 'Escape' && onClose()}
      >
        <h2 id="trigger-title">Trigger “{flow.name}”</h2>
        {outcome ? (
          <ManualResults {...outcome} />
        ) : (
          <>
            <fieldset>
              <legend>Contacts (up to {MAX_MANUAL_CONTACTS})</legend>
              {contacts === null ? (
                <p aria-busy="true">Loading contacts…</p>
              ) : contacts.length === 0 ? (
                <p>
                  No contacts yet: type phone numbers below, or add contacts on the <a href="#/contacts">Contacts</a>{' '}
                  screen.
                </p>
              ) : (
                <div className="manual-picks">
                  {contacts.map((c) => (
                    <label key={c.id}>
                      <input
                        type="checkbox"
                        checked={picked.includes(c.id)}
                        onChange={(e) => {
                          setProblem(null)
                          setPicked((all) => (e.target.checked ? [...all, c.id] : all.filter((id) => id !== c.id)))
                        }}
                      />
                      {c.name} · {c.phone}
                      {!c.optedIn && ' (opted out)'}
                    </label>
                  ))}
                </div>
              )}
            </fieldset>
            <label>
              Phone numbers with country code (one per line)
              <textarea
                rows={3}
                value={typed}
                placeholder="+919800000001"
                onChange={(e) => {
                  setProblem(null)
                  setTyped(e.target.value)
                }}
              />
            </label>
            {dataFields.map((f) => (
              <label key={f}>
                Trigger data: {f}
                <input value={data[f] ?? ''} onChange={(e) => setData((d) => ({ ...d, [f]: e.target.value }))} />
              </label>
            ))}
            <p className="flow-meta" aria-live="polite">
              {targets.length} of {MAX_MANUAL_CONTACTS} chosen
            </p>
          </>
        )}
        {problem && (
          <p className="field-problem" role="alert">
            {problem}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            Close
          </button>
          {!outcome && (
            <button type="button" className="primary" disabled={sending} onClick={() => void start()}>
              {sending ? 'Starting…' : 'Start flow'}
            </button>
          )}
        </div>
      </div>
    </div>
  )
}
