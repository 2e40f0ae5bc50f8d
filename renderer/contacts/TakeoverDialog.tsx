import { useCallback, useEffect, useRef, useState } from 'react'
import type { HandoverMessage, HandoverTarget, HandoverView } from '../../shared/api/commands/handovers'
import type { ContactView } from '../../shared/api/commands/contacts'
import { api } from '../api'
import { readJsonObject } from '../broadcasts/json-object'
import { messageText } from '../logs/model'
import { Modal } from '../ui/Modal'
import { withPersonSince } from './takeover'
import { studioZone } from './until'

/** How often the open conversation is read again. */
const REFRESH_MS = 2000

/** What a person reads in a message of the takeover, as Flow Logs say it. */
const transcriptText = (m: HandoverMessage): string =>
  messageText(
    m.direction === 'in'
      ? { seq: m.seq, id: null, type: m.message.type, createdAt: m.at, direction: 'in', payload: m.message }
      : { seq: m.seq, id: null, type: m.message.type, createdAt: m.at, direction: 'out', payload: m.message },
  )

/**
 * A contact's conversation with a person: the transcript of the takeover (what the customer wrote while the bot was
 * quiet, what the person answered), a reply box, and Hand back with the variables the flow continues with on the
 * Hand over node's `returned` port. The same for a production server's conversation (`target`), where the
 * contact's id is its phone number.
 */
export function TakeoverDialog({
  target = 'studio',
  contact,
  handover,
  onClose,
  onChanged,
}: {
  target?: HandoverTarget
  contact: Pick<ContactView, 'id' | 'name' | 'phone'>
  handover: HandoverView
  onClose(): void
  /** The takeover ended (handed back): the screen reads the contacts again. */
  onChanged(): void
}) {
  const [messages, setMessages] = useState<HandoverMessage[] | null>(null)
  const [reply, setReply] = useState('')
  const [variables, setVariables] = useState('')
  const [problem, setProblem] = useState<{ where: 'transcript' | 'reply' | 'variables'; message: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const end = useRef<HTMLLIElement>(null)

  const load = useCallback(async () => {
    const r = await api.call('handovers.transcript', { target, id: handover.id })
    if (r.ok) setMessages(r.value.messages)
    else setProblem({ where: 'transcript', message: `The conversation could not be read: ${r.error.message}` })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the target is fixed for the dialog's life
  }, [handover.id])
  useEffect(() => {
    void load()
    // What the customer writes while the dialog is open shows up without closing it.
    const timer = setInterval(() => void load(), REFRESH_MS)
    return () => clearInterval(timer)
  }, [load])
  useEffect(() => void end.current?.scrollIntoView?.({ block: 'end' }), [messages?.length])

  const send = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!reply.trim() || busy) return
    setBusy(true)
    setProblem(null)
    const r = await api.call('handovers.reply', { target, contactId: contact.id, text: reply })
    setBusy(false)
    if (!r.ok) return setProblem({ where: 'reply', message: r.error.message })
    setReply('')
    await load()
  }
  const handBack = async () => {
    const read = readJsonObject(variables)
    if (!read.ok) return setProblem({ where: 'variables', message: read.message })
    setBusy(true)
    setProblem(null)
    const r = await api.call('handovers.handBack', { target, contactId: contact.id, variables: read.value as never })
    setBusy(false)
    if (!r.ok) return setProblem({ where: 'variables', message: r.error.message })
    onChanged()
  }
  const said = (where: 'transcript' | 'reply' | 'variables') =>
    problem?.where === where ? (
      <p className="field-problem" role="alert">
        {problem.message}
      </p>
    ) : null

  return (
    <Modal labelledBy="takeover-title" className="contact-form takeover-dialog" onClose={onClose}>
      <h2 id="takeover-title">
        {contact.name} · {contact.phone}
      </h2>
      <p className="takeover-badge" role="status">
        {withPersonSince(handover.since, Date.now())}
        {handover.note ? ` — ${handover.note}` : ''}
      </p>
      {handover.until !== null && (
        <p className="flow-meta">
          Comes back to the bot by itself at {new Date(handover.until).toLocaleString()} ({studioZone()}).
        </p>
      )}
      <ol className="takeover-transcript" aria-label="Conversation with a person">
        {messages === null ? (
          <li aria-busy="true">Loading the conversation…</li>
        ) : messages.length === 0 ? (
          <li className="flow-meta">
            Nothing written since the person took over. What the customer writes shows here.
          </li>
        ) : (
          messages.map((m) => (
            <li key={m.seq} className={m.direction === 'in' ? 'takeover-in' : 'takeover-out'}>
              <span className="visually-hidden">{m.direction === 'in' ? 'Customer:' : 'Person:'}</span>
              {transcriptText(m)}
              <time dateTime={new Date(m.at).toISOString()}>{new Date(m.at).toLocaleTimeString()}</time>
            </li>
          ))
        )}
        <li ref={end} aria-hidden="true" className="takeover-end" />
      </ol>
      {said('transcript')}
      <form className="takeover-reply" onSubmit={(e) => void send(e)}>
        <label>
          Reply as the person
          <textarea
            autoFocus
            rows={2}
            value={reply}
            onChange={(e) => setReply(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void send(e)
            }}
          />
        </label>
        <button type="submit" disabled={busy || !reply.trim()}>
          Send reply
        </button>
      </form>
      {said('reply')}
      <fieldset>
        <legend>Hand back to the bot</legend>
        <label>
          Variables the flow continues with (JSON, optional)
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
          Hand back
        </button>
      </fieldset>
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  )
}
