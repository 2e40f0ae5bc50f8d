// The channel's 24-hour customer service window and consent (docs/emulator.md, Enforce 24 h window; docs/integrations.md): checked
// on every node's outbound messages before they are sent, when the host asks for it (EngineDeps.serviceWindow).
import { WINDOW_MS } from './limits'
import type { Contact, EngineError, OutboundMessage, RunState } from './types'

/** The channel's error for a free-form send outside the window (channel reference, "Window, consent, pricing"). */
export const OUTSIDE_WINDOW_CHANNEL_CODE = 131047

/** Last time the customer wrote, from this run or from the host's record of the contact; null when never. */
export function lastInboundOf(state: RunState, contact: Contact): number | null {
  const a = state.lastInboundAt
  const b = contact.lastInboundAt ?? null
  if (a === null) return b
  return b === null ? a : Math.max(a, b)
}

export function windowOpen(state: RunState, contact: Contact, now: number): boolean {
  const last = lastInboundOf(state, contact)
  return last !== null && now - last < WINDOW_MS
}

/**
 * Why these messages may not go out now, or null. Opted out: nothing business-initiated, i.e. nothing at all
 * while the customer's window is closed (a reply to their own message inside it is not business-initiated).
 * Window closed: templates only.
 */
export function sendRefusal(
  messages: readonly OutboundMessage[],
  state: RunState,
  contact: Contact,
  now: number,
): Omit<EngineError, 'nodeId' | 'nodeName'> | null {
  if (!messages.length || windowOpen(state, contact, now)) return null
  if (contact.optedIn === false)
    return {
      code: 'opted_out',
      message: `${contact.name || contact.phone} has opted out, so the business cannot start a conversation with them.`,
    }
  const freeForm = messages.find((m) => m.type !== 'template')
  if (!freeForm) return null
  return {
    code: 'outside_window',
    message: `${contact.name || contact.phone} has not written in the last 24 hours, so only a template may be sent (this is a ${kindOf(freeForm)} message; the channel refuses it with error ${OUTSIDE_WINDOW_CHANNEL_CODE}).`,
  }
}

function kindOf(m: OutboundMessage): string {
  return m.type === 'interactive' ? `${m.interactive.type} interactive` : m.type
}
