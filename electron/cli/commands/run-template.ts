// `chatflow run` at a Template Message: the channel's template shape names the template and its parameters, not
// the text a customer reads, so the terminal prints the node's filled preview (its output) instead. Quick-reply
// buttons are numbered and a tap is typed like a button: by number, label or payload (a template_button event).
import type { InboundEvent, OutboundMessage, StepResult } from '../../../shared/engine'

interface Preview {
  name?: string
  language?: string
  header?: string
  body?: string
  footer?: string
  buttons?: Array<{ type?: string; text?: string; payload?: string; url?: string; phone?: string }>
}

export interface QuickReply {
  text: string
  payload: string
}

/**
 * The step's messages as terminal lines, the template ones from their node's preview (messages and template
 * outputs are in the same order), and the quick replies of the last template sent.
 */
export function templatePrints(step: StepResult): Map<OutboundMessage, { lines: string[]; quickReplies: QuickReply[] }> {
  const previews = step.trace.filter((t) => t.nodeType === 'template_message' && !t.error && t.output).map((t) => t.output as Preview)
  const out = new Map<OutboundMessage, { lines: string[]; quickReplies: QuickReply[] }>()
  let i = 0
  for (const m of step.messages) {
    if (m.type !== 'template') continue
    const p = previews[i++]
    if (p) out.set(m, printTemplate(p))
  }
  return out
}

function printTemplate(p: Preview): { lines: string[]; quickReplies: QuickReply[] } {
  const lines = [`bot: [template ${p.name ?? ''} (${p.language ?? ''})]`]
  if (p.header) lines.push(`     *${p.header}*`)
  lines.push(`     ${p.body ?? ''}`)
  if (p.footer) lines.push(`     _${p.footer}_`)
  const buttons = p.buttons ?? []
  const quickReplies = buttons.filter((b) => b.type === 'quick_reply').map((b) => ({ text: b.text ?? '', payload: b.payload ?? b.text ?? '' }))
  if (quickReplies.length) lines.push('     ' + quickReplies.map((q, n) => `[${n + 1}] ${q.text}`).join('  '))
  for (const b of buttons) {
    if (b.type === 'url') lines.push(`     (link: ${b.text} → ${b.url})`)
    if (b.type === 'phone') lines.push(`     (call: ${b.text} → ${b.phone})`)
  }
  return { lines, quickReplies }
}

/** The tap a typed line stands for: a quick reply's number, label or payload; null when it names none. */
export function quickReplyAnswer(line: string, replies: QuickReply[]): InboundEvent | null {
  const n = /^\d+$/.test(line) ? Number(line) : NaN
  const lower = line.toLowerCase()
  const hit = replies[n - 1] ?? replies.find((q) => q.text.toLowerCase() === lower || q.payload === line)
  return hit ? { type: 'template_button', button: { payload: hit.payload, text: hit.text } } : null
}
