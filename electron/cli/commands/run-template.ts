// `chatflow run` at a Template Message: the channel's template shape names the template and its parameters, not
// the text a customer reads, so the terminal prints the node's filled preview (its output; shared/engine
// conversation/view.ts pairs them). Quick-reply buttons are numbered and a tap is typed like a button: by number,
// label or payload (a template_button event).
import type { InboundEvent, OutboundMessage, StepResult } from '../../../shared/engine'
import { printMessage, templatePreviews } from '../../../shared/engine/conversation'

export interface QuickReply {
  text: string
  payload: string
}

/** The step's messages as terminal lines, and the quick replies of each template among them. */
export function stepPrints(
  step: Pick<StepResult, 'messages' | 'trace'>,
): Array<{ message: OutboundMessage; lines: string[]; quickReplies: QuickReply[] }> {
  const previews = templatePreviews(step.trace)
  let next = 0
  return step.messages.map((message) => {
    const preview = message.type === 'template' ? previews[next++] : undefined
    const quickReplies = (preview?.buttons ?? [])
      .filter((b) => b.type === 'quick_reply')
      .map((b) => ({ text: b.text, payload: b.payload ?? b.text }))
    return { message, lines: printMessage(message, preview), quickReplies }
  })
}

/** The tap a typed line stands for: a quick reply's number, label or payload; null when it names none. */
export function quickReplyAnswer(line: string, replies: QuickReply[]): InboundEvent | null {
  const n = /^\d+$/.test(line) ? Number(line) : NaN
  const lower = line.toLowerCase()
  const hit = replies[n - 1] ?? replies.find((q) => q.text.toLowerCase() === lower || q.payload === line)
  return hit ? { type: 'template_button', button: { payload: hit.payload, text: hit.text } } : null
}
