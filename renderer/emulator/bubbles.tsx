import type { ReactNode } from 'react'
import type { EmulatorMessage } from '../../shared/api/commands/emulator'
import { Formatted } from './Formatted'
import { CheckCheck, ShoppingCart } from 'lucide-react'

// One formatter for every bubble: toLocaleTimeString builds a new one per call, the heaviest function of a Step in the
// emulator bench's profile (every bubble of a long conversation, on every render of the phone). Same text.
const HOUR_MINUTE = new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit' })
const time = (at: number) => HOUR_MINUTE.format(at)

/**
 * One chat bubble, seen from the customer's phone: their own messages on the right with read ticks, the
 * business's on the left. `traceSeq` links a bot message to the trace step that produced it.
 */
export function Bubble(props: {
  mine: boolean
  at: number
  children: ReactNode
  onClick?: () => void
  kind: string
  selected?: boolean
  /** The person's messages during a takeover are the business's too, but no bot sent them. */
  testId?: string
}) {
  return (
    <div
      className={`chat-row ${props.mine ? 'chat-mine' : 'chat-theirs'}`}
      data-kind={props.kind}
      data-testid={props.testId ?? (props.mine ? 'customer-message' : 'bot-message')}
    >
      <div className={`chat-bubble${props.selected ? ' chat-selected' : ''}`} onClick={props.onClick}>
        {/* The time is laid out after the content, never over it (emulator.css: .chat-body, .chat-meta). */}
        <div className="chat-body">{props.children}</div>
        <span className="chat-meta">
          {time(props.at)}
          {props.mine && (
            <span className="chat-ticks" aria-label="Read">
              <CheckCheck size={14} />
            </span>
          )}
        </span>
      </div>
    </div>
  )
}

/** What the customer sent, as their phone shows it. */
export function InboundContent({ message }: { message: Extract<EmulatorMessage, { direction: 'in' }> }) {
  const p = message.payload
  switch (p.type) {
    case 'text':
      return <Formatted text={p.text} />
    case 'button_reply':
    case 'list_reply':
      return <span className="chat-text">{p.reply.title}</span>
    case 'template_button':
      return <span className="chat-text">{p.button.text || p.button.payload}</span>
    case 'nfm_reply':
      return (
        <span className="chat-text">
          <strong>Form sent</strong>
          {Object.entries(p.response).map(([k, v]) => (
            <span key={k} className="chat-line">
              {k}: {typeof v === 'string' ? v : JSON.stringify(v)}
            </span>
          ))}
        </span>
      )
    case 'order': {
      const items = p.order.product_items
      const total = items.reduce((s, i) => s + i.quantity * i.item_price, 0)
      return (
        <span className="chat-text">
          <strong>
            <ShoppingCart size={14} aria-hidden="true" /> Order: {items.reduce((s, i) => s + i.quantity, 0)} item(s)
          </strong>
          {items.map((i) => (
            <span key={i.product_retailer_id} className="chat-line">
              {i.quantity} × {i.product_retailer_id} @ {i.item_price} {i.currency}
            </span>
          ))}
          <span className="chat-line">
            Total {total} {items[0]?.currency ?? ''}
          </span>
        </span>
      )
    }
  }
}
