import { Fragment, memo, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useStore } from 'zustand'
import { Bot, PauseCircle, SendHorizontal } from 'lucide-react'
import type { EmulatorMessage } from '../../shared/api/commands/emulator'
import type { FormInteractive, ListInteractive, ProductInteractive } from '../../shared/engine/types'
import type { FlowDocument } from '../../shared/flow/document'
import { bound } from '../../shared/nodes/behaviour-of'
import type { ChatFlowConfig } from '../../shared/nodes/chat_flow/definition'
import { Bubble, InboundContent } from './bubbles'
import { FlowForm } from './FlowForm'
import { PersonTranscript } from './PersonTranscript'
import { OutboundContent, type OutboundActions } from './outbound'
import type { EmulatorStore } from './session-store'
import { runLanguage } from './run-language'
import { ListSheet, ProductSheet } from './sheets'
import { recipientLabel } from './recipient'
import { turnEnd } from './turns'
import { prepareSuggestions, suggestionsFor } from './suggestions'

type Overlay =
  | { kind: 'list'; message: ListInteractive }
  | { kind: 'products'; message: ProductInteractive }
  | { kind: 'form'; message: FormInteractive }
  | null

/**
 * The form's node: the one waiting for the customer when it sends a form (NodeAnswers.formId), else the node that
 * sends this form id, else any node that sends a form. Its config holds the screens the form shows.
 */
function formNode(doc: FlowDocument, waitingNodeId: string | null, message: FormInteractive) {
  const formId = message.action.parameters.flow_id
  const forms = doc.nodes.flatMap((n) => {
    const b = bound(n, (x) => x.answers?.formId)
    return b ? [{ node: n, formId: b.decl(b.config), config: b.config as ChatFlowConfig }] : []
  })
  const hit = forms.find((f) => f.node.id === waitingNodeId) ?? forms.find((f) => f.formId === formId) ?? forms[0]
  return hit?.config ?? null
}

function FailedExpectation({ turn, message }: { turn: number; message: string }) {
  return (
    <p className="phone-failed" role="note" aria-label={`Failed expectation of turn ${turn}`}>
      <strong>Expected otherwise (turn {turn}):</strong> {message}
    </p>
  )
}

/** Messages are rows of the conversation's log, never changed once written: equal seq, id, time and type are the
 *  same message, whichever session response brought it (each one is a new object). */
const sameMessage = (a: EmulatorMessage, b: EmulatorMessage) =>
  a.seq === b.seq && a.id === b.id && a.createdAt === b.createdAt && a.type === b.type && a.direction === b.direction

interface RowProps {
  m: EmulatorMessage
  index: number
  selected: boolean
  onSelect(i: number | null): void
  actions: OutboundActions
}

/** One bubble of the conversation, drawn again only when it changes: a Step re-renders the phone (the paused line, the
 *  typing dots), not every bubble of a long conversation. */
const MessageRow = memo(
  function MessageRow({ m, index, selected, onSelect, actions }: RowProps) {
    return (
      <Bubble
        mine={m.direction === 'in'}
        at={m.createdAt}
        kind={m.type}
        selected={selected}
        onClick={() => onSelect(m.direction === 'out' ? index : null)}
        testId={m.author === 'person' ? 'person-message' : undefined}
      >
        {m.author === 'person' && <span className="chat-author">Person</span>}
        {m.direction === 'in' ? (
          <InboundContent message={m} />
        ) : (
          <OutboundContent payload={m.payload} actions={actions} />
        )}
      </Bubble>
    )
  },
  (a, b) =>
    a.index === b.index &&
    a.selected === b.selected &&
    a.onSelect === b.onSelect &&
    a.actions === b.actions &&
    sameMessage(a.m, b.m),
)

export function Phone({
  store,
  doc,
  selected,
  onSelect,
}: {
  store: EmulatorStore
  doc: FlowDocument
  selected: number | null
  onSelect(i: number | null): void
}) {
  const session = useStore(store, (s) => s.session)
  const contact = useStore(store, (s) => s.contact)
  const pending = useStore(store, (s) => s.pending)
  const busy = useStore(store, (s) => s.busy)
  const [draft, setDraft] = useState('')
  const [overlay, setOverlay] = useState<Overlay>(null)
  const messages = session?.messages ?? []
  const speaks = runLanguage(doc, session)
  const paused = session?.debug?.paused ?? null
  const failed = session?.debug?.failedExpectation ?? null
  const failedAt = failed ? turnEnd(messages, failed.turn) : -1
  const nodeName = (id: string) => doc.nodes.find((n) => n.id === id)?.name ?? id

  const send = store.getState().send
  // Stable, so the memoised bubbles keep them (MessageRow).
  const actions: OutboundActions = useMemo(
    () => ({
      send: (e) => void send(e),
      openList: (message) => setOverlay({ kind: 'list', message }),
      openProducts: (message) => setOverlay({ kind: 'products', message }),
      openForm: (message) => setOverlay({ kind: 'form', message }),
    }),
    [send],
  )
  const selectRef = useRef(onSelect)
  selectRef.current = onSelect
  const select = useCallback((i: number | null) => selectRef.current(i), [])
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    if (!draft.trim() || busy) return
    const text = draft
    setDraft('')
    const s = store.getState()
    // With no conversation going, typing is how a customer starts a flow: it goes through the keyword trigger. While
    // a person has the conversation it is the customer's message all the same (kept for the person, starting nothing):
    // a tester's start would end the takeover.
    if (!s.session?.person && (!s.session?.run || s.session.run.status !== 'paused'))
      void s.start({ kind: 'keyword', text })
    else void send({ type: 'text', text })
  }
  const waitingNodeId = session?.run?.status === 'paused' ? (session.run.waitingNodeId ?? null) : null
  // The waiting node's samples may need its parsers loaded first (a Question's): asked once they are.
  const [ready, setReady] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    if (waitingNodeId) void prepareSuggestions(doc, waitingNodeId).then(() => live && setReady(waitingNodeId))
    return () => {
      live = false
    }
  }, [doc, waitingNodeId])
  const suggestions = useMemo(
    () =>
      ready && ready === waitingNodeId
        ? suggestionsFor(doc, waitingNodeId, { now: Date.now(), phone: contact?.phone }).filter((s) => !s.inMessage)
        : [],
    [doc, waitingNodeId, ready, contact?.phone],
  )
  const formConfig =
    overlay?.kind === 'form' ? formNode(doc, session?.run?.waitingNodeId ?? null, overlay.message) : null

  return (
    <div className="phone" aria-label="Phone emulator">
      <header className="phone-head">
        <span className="phone-avatar" aria-hidden="true">
          <Bot size={20} />
        </span>
        <span>
          <strong>{doc.name}</strong>
          <span className="phone-sub">
            {busy ? 'typing…' : recipientLabel(contact)}
            {speaks && (
              <span title={speaks.title} aria-label={`Speaking ${speaks.title}`}>
                {' '}
                · {speaks.name}
              </span>
            )}
          </span>
        </span>
      </header>
      {/* Kept scrolled to its newest row by CSS (a column-reverse scroller starts at, and stays at, its end), not by
          scrollIntoView after each render: that forced a layout of the whole page in the middle of every step. */}
      <div className="phone-chat" role="log" aria-live="polite">
        <div className="phone-chat-rows">
          {messages.map((m: EmulatorMessage, i) => (
            <Fragment key={m.seq}>
              {failedAt === i && failed && <FailedExpectation turn={failed.turn} message={failed.message} />}
              {/* While the takeover lasts its transcript (below) shows the person's replies in order with the
                  customer's held messages; the run keeps them too, and shows them once the bot has it back. */}
              {!(session?.person && m.author === 'person') && (
                <MessageRow m={m} index={i} selected={selected === i} onSelect={select} actions={actions} />
              )}
            </Fragment>
          ))}
          {failed && failedAt === messages.length && <FailedExpectation turn={failed.turn} message={failed.message} />}
          {session?.person && (
            <PersonTranscript
              handover={session.person.handover}
              messages={session.person.messages}
              now={Date.now() + session.clockOffsetMs}
              actions={actions}
            />
          )}
          {pending && busy && (
            <Bubble mine at={Date.now()} kind={pending.type}>
              <InboundContent
                message={{
                  seq: -1,
                  id: null,
                  direction: 'in',
                  type: pending.type,
                  payload: pending,
                  createdAt: Date.now(),
                }}
              />
            </Bubble>
          )}
          {busy && (
            <div className="chat-row chat-theirs" data-testid="typing">
              <div className="chat-bubble chat-typing" aria-label="typing">
                <span />
                <span />
                <span />
              </div>
            </div>
          )}
          {paused && (
            <p className="phone-paused" role="status" data-testid="phone-paused">
              <PauseCircle size={14} aria-hidden="true" /> paused at {nodeName(paused.nodeId)}
            </p>
          )}
        </div>
      </div>
      {suggestions.length > 0 && (
        <div className="phone-suggestions" role="group" aria-label="Suggested answers">
          {suggestions.map((s) => (
            <button key={s.label} type="button" disabled={busy} onClick={() => void send(s.event)}>
              {s.label}
            </button>
          ))}
        </div>
      )}
      <form className="phone-composer" onSubmit={submit}>
        <input aria-label="Message" placeholder="Message" value={draft} onChange={(e) => setDraft(e.target.value)} />
        <button type="submit" aria-label="Send" disabled={!draft.trim() || busy}>
          <SendHorizontal size={16} aria-hidden="true" />
        </button>
      </form>
      {overlay?.kind === 'list' && (
        <ListSheet message={overlay.message} onSend={actions.send} onClose={() => setOverlay(null)} />
      )}
      {overlay?.kind === 'products' && (
        <ProductSheet message={overlay.message} onSend={actions.send} onClose={() => setOverlay(null)} />
      )}
      {overlay?.kind === 'form' &&
        (formConfig ? (
          <FlowForm
            config={formConfig}
            flowToken={overlay.message.action.parameters.flow_token}
            onSend={actions.send}
            onClose={() => setOverlay(null)}
          />
        ) : (
          <div className="phone-form" role="dialog">
            <p>The Chat Flow node of this form is no longer in the flow.</p>
            <button type="button" onClick={() => setOverlay(null)}>
              Close
            </button>
          </div>
        ))}
    </div>
  )
}
