// Quick answers the emulator offers while a run waits: what the waiting node's module declares a customer can send
// (NodeAnswers.samples, shared/nodes/behaviour.ts), as events the phone sends. A node whose samples are its own
// options (buttons, rows) shows them in its message already; a form opens from its message.
import type { CustomerEvent } from '../../shared/api/commands/emulator'
import type { FlowDocument } from '../../shared/flow/document'
import type { CustomerInput } from '../../shared/nodes/behaviour'
import { bound, prepareSamples } from '../../shared/nodes/behaviour-of'
import { answerContext } from '../../shared/nodes/question/answers/context'

export interface Suggestion {
  /** What the chip says: the text typed, or the sample's own words. */
  label: string
  event: CustomerEvent
  /** Whether the node's message carries it already (a button or row), so the phone need not show it again. */
  inMessage: boolean
}

const MAX = 6

/** Loads what the waiting node needs to give samples (a Question's parsers); suggestionsFor is ready after it. */
export async function prepareSuggestions(doc: FlowDocument, waitingNodeId: string | null): Promise<void> {
  const node = waitingNodeId === null ? undefined : doc.nodes.find((n) => n.id === waitingNodeId)
  if (node) await prepareSamples([node])
}

/**
 * The quick answers at the node waiting for the customer; [] when none waits or its type declares none. Call
 * prepareSuggestions first.
 */
export function suggestionsFor(
  doc: FlowDocument,
  waitingNodeId: string | null,
  at: { now: number; phone?: string },
): Suggestion[] {
  const node = waitingNodeId === null ? undefined : doc.nodes.find((n) => n.id === waitingNodeId)
  const declared = node && bound(node, (b) => b.answers)
  if (!declared) return []
  const ctx = answerContext(doc.settings, at.now, at.phone)
  const out: Suggestion[] = []
  for (const s of declared.decl.samples(declared.config, ctx, undefined)) {
    const event = eventOf(s.input, s.port)
    if (!event || out.some((o) => JSON.stringify(o.event) === JSON.stringify(event))) continue
    out.push({
      label: typeof s.input === 'string' ? s.input : s.label,
      event,
      inMessage: declared.decl.choices === true,
    })
    if (out.length === MAX) break
  }
  return out
}

/** The inbound event a sample stands for; a tap names its option by `port` (the option's id) when known. */
function eventOf(input: CustomerInput, port: string | undefined): CustomerEvent | null {
  if (typeof input === 'string') return input.trim() ? { type: 'text', text: input } : null
  if ('button' in input) return { type: 'button_reply', reply: { id: port ?? input.button, title: input.button } }
  if ('row' in input) return { type: 'list_reply', reply: { id: port ?? input.row, title: input.row } }
  if ('form' in input) return { type: 'nfm_reply', response: input.form }
  if ('template_button' in input)
    return {
      type: 'template_button',
      button: { payload: input.template_button.payload, text: input.template_button.text ?? '' },
    }
  return { type: 'order', order: input.order }
}
