import { useState } from 'react'
import { useStore } from 'zustand'
import { readJsonObject } from '../broadcasts/json-object'
import { withPersonSince } from '../contacts/takeover'
import { readUntil, studioZone } from '../contacts/until'
import { UntilField } from '../contacts/UntilField'
import type { EmulatorStore } from './session-store'
import '../contacts/contacts.css'

/**
 * The person's side of the test contact's conversation: take it over (as the Contacts screen or the API would), write
 * to the customer as the person, and hand it back with the variables the flow continues with on `returned`.
 */
export function PersonPanel({ store }: { store: EmulatorStore }) {
  const person = useStore(store, (s) => s.session?.person ?? null)
  const busy = useStore(store, (s) => s.busy)
  const offset = useStore(store, (s) => s.session?.clockOffsetMs ?? 0)
  const [note, setNote] = useState('')
  const [until, setUntil] = useState('')
  const [reply, setReply] = useState('')
  const [variables, setVariables] = useState('')
  const [problem, setProblem] = useState<{
    where: 'start' | 'until' | 'reply' | 'variables'
    message: string
  } | null>(null)
  const s = store.getState()
  const zone = studioZone()
  const said = (where: 'start' | 'reply' | 'variables') =>
    problem?.where === where ? (
      <p className="field-problem" role="alert">
        {problem.message}
      </p>
    ) : null

  if (!person)
    return (
      <section className="emu-person" aria-label="The person">
        <p className="flow-meta">
          The bot has this conversation. Take it over to play the person a Hand over node (or the Contacts screen)
          brings in: the bot stays silent, what the customer writes is kept for you, and your replies appear on the
          phone.
        </p>
        <label>
          Note (optional)
          <input value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
        </label>
        {/* On the test contact's clock (Skip ahead moves it): past this time the conversation comes back by itself. */}
        <UntilField
          value={until}
          zone={zone}
          problem={problem?.where === 'until' ? problem.message : null}
          onChange={(v) => {
            setUntil(v)
            if (problem?.where === 'until') setProblem(null)
          }}
        />
        {said('start')}
        <button
          type="button"
          disabled={busy}
          onClick={() => {
            const read = readUntil(until, zone, Date.now() + offset)
            if (!read.ok) return setProblem({ where: 'until', message: read.message })
            void s.handover(note.trim() || undefined, read.until).then((e) => {
              setProblem(e && { where: e.code === 'until_passed' ? 'until' : 'start', message: e.message })
              if (!e) setUntil('')
            })
          }}
        >
          Take over as a person
        </button>
      </section>
    )

  const h = person.handover
  const sendReply = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!reply.trim()) return
    const error = await s.personReply(reply)
    if (error) return setProblem({ where: 'reply', message: error.message })
    setProblem(null)
    setReply('')
  }
  const handBack = async () => {
    const read = readJsonObject(variables)
    if (!read.ok) return setProblem({ where: 'variables', message: read.message })
    const error = await s.handBack(read.value)
    if (error) return setProblem({ where: 'variables', message: error.message })
    setProblem(null)
    setVariables('')
  }
  return (
    <section className="emu-person" aria-label="The person">
      <p className="takeover-badge" role="status">
        {withPersonSince(h.since, Date.now() + offset)}
      </p>
      {h.note && <p className="flow-meta">{h.note}</p>}
      {h.until !== null && (
        <p className="flow-meta">
          Comes back to the bot by itself at {new Date(h.until).toLocaleString()} ({zone}; Skip ahead to get there).
        </p>
      )}
      <form className="takeover-reply" onSubmit={(e) => void sendReply(e)}>
        <label>
          Reply as the person
          <input value={reply} onChange={(e) => setReply(e.target.value)} />
        </label>
        <button type="submit" disabled={busy || !reply.trim()}>
          Send as the person
        </button>
      </form>
      {said('reply')}
      <label>
        Variables for the flow (JSON, optional)
        <textarea
          rows={2}
          value={variables}
          placeholder='{"resolved": true}'
          aria-invalid={problem?.where === 'variables' ? true : undefined}
          onChange={(e) => {
            setVariables(e.target.value)
            if (problem?.where === 'variables') setProblem(null)
          }}
        />
      </label>
      {said('variables')}
      <button type="button" className="primary" disabled={busy} onClick={() => void handBack()}>
        Hand back to the bot
      </button>
    </section>
  )
}
