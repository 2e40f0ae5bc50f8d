import { useEffect, useRef, useState } from 'react'
import { useStore } from 'zustand'
import { Bot, SendHorizontal } from 'lucide-react'
import type { EmulatorMessage } from '../../shared/api/commands/emulator'
import type { FormInteractive, ListInteractive, ProductInteractive } from '../../shared/engine/types'
import type { FlowDocument } from '../../shared/flow/document'
import { configOf } from '../../shared/nodes/registry'
import { Bubble, InboundContent } from './bubbles'
import { FlowForm } from './FlowForm'
import { OutboundContent, type OutboundActions } from './outbound'
import type { EmulatorStore } from './session-store'
import { ListSheet, ProductSheet } from './sheets'
import { recipientLabel } from './recipient'

type Overlay =
  | { kind: 'list'; message: ListInteractive }
  | { kind: 'products'; message: ProductInteractive }
  | { kind: 'form'; message: FormInteractive }
  | null

/** The form's node: the one waiting for the customer when it is a Chat Flow, else the Chat Flow with this form id. */
function formNode(doc: FlowDocument, waitingNodeId: string | null, message: FormInteractive) {
  const waiting = doc.nodes.find((n) => n.id === waitingNodeId && n.type === 'chat_flow')
  const formId = message.action.parameters.flow_id
  const node =
    waiting ??
    doc.nodes.find((n) => n.type === 'chat_flow' && configOf(n, 'chat_flow')?.flowId === formId) ??
    doc.nodes.find((n) => n.type === 'chat_flow')
  return node ? configOf(node, 'chat_flow') : null
}

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
  const end = useRef<HTMLDivElement>(null)
  const messages = session?.messages ?? []
  useEffect(() => {
    // Block body: newer browsers return a promise from scrollIntoView, which React would take for a cleanup.
    void end.current?.scrollIntoView?.({ block: 'end' })
  }, [messages.length, busy])

  const send = store.getState().send
  const actions: OutboundActions = {
    send: (e) => void send(e),
    openList: (message) => setOverlay({ kind: 'list', message }),
    openProducts: (message) => setOverlay({ kind: 'products', message }),
    openForm: (message) => setOverlay({ kind: 'form', message }),
  }
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    if (!draft.trim() || busy) return
    const text = draft
    setDraft('')
    const s = store.getState()
    // With no conversation going, typing is how a customer starts a flow: it goes through the keyword trigger.
    if (!s.session?.run || s.session.run.status !== 'paused') void s.start({ kind: 'keyword', text })
    else void send({ type: 'text', text })
  }
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
          <span className="phone-sub">{busy ? 'typing…' : recipientLabel(contact)}</span>
        </span>
      </header>
      <div className="phone-chat" role="log" aria-live="polite">
        {messages.map((m: EmulatorMessage, i) => (
          <Bubble
            key={m.seq}
            mine={m.direction === 'in'}
            at={m.createdAt}
            kind={m.type}
            selected={selected === i}
            onClick={() => onSelect(m.direction === 'out' ? i : null)}
          >
            {m.direction === 'in' ? (
              <InboundContent message={m} />
            ) : (
              <OutboundContent payload={m.payload} actions={actions} />
            )}
          </Bubble>
        ))}
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
        <div ref={end} />
      </div>
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
