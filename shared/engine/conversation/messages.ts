// Bot messages as a test reads them: an outbound message reduced to what a person sees (text, buttons, rows), and
// the customer's input resolved against the last message (a button or row named by its title).
import type { InboundEvent, OutboundMessage } from '../types'
import type { BotMessage, UserInput } from './format'

const TEXT_FIELDS = [
  'template',
  'media',
  'text',
  'header',
  'footer',
  'list',
  'product',
  'form',
  'link',
  'caption',
  'filename',
] as const
const LIST_FIELDS = ['buttons', 'rows', 'products'] as const

/** One line for a test report: the kind, the text, then the buttons, rows or products. */
export function showMessage(m: BotMessage): string {
  const parts: string[] = []
  if (m.template) parts.push(`template ${m.template}`)
  if (m.media) parts.push(`${m.media} ${m.link ?? ''}`.trim())
  if (m.text !== undefined) parts.push(JSON.stringify(m.text))
  if (m.caption) parts.push(`caption ${JSON.stringify(m.caption)}`)
  if (m.buttons) parts.push(`buttons [${m.buttons.join(' | ')}]`)
  if (m.rows) parts.push(`list "${m.list ?? ''}" rows [${m.rows.join(' | ')}]`)
  if (m.product) parts.push(`product ${m.product}`)
  if (m.products) parts.push(`products [${m.products.join(' | ')}]`)
  if (m.form) parts.push(`form "${m.form}"`)
  return parts.join(' ') || '(empty)'
}

/** Differences between an expected message and what was sent; only the fields the test names are checked. */
export function compareMessage(expected: BotMessage, actual: BotMessage): string[] {
  const out: string[] = []
  for (const key of TEXT_FIELDS) {
    if (expected[key] !== undefined && expected[key] !== actual[key]) {
      out.push(
        `${key}: expected ${JSON.stringify(expected[key])}, got ${actual[key] === undefined ? 'none' : JSON.stringify(actual[key])}`,
      )
    }
  }
  for (const key of LIST_FIELDS) {
    const e = expected[key]
    if (e !== undefined && JSON.stringify(e) !== JSON.stringify(actual[key] ?? [])) {
      out.push(`${key}: expected [${e.join(', ')}], got [${(actual[key] ?? []).join(', ')}]`)
    }
  }
  return out
}

export type Resolved = { ok: true; event: InboundEvent } | { ok: false; message: string }

/** Turns a test's user input into the inbound event the channel would deliver. */
export function resolveInput(input: UserInput, lastInteractive: OutboundMessage | null): Resolved {
  if (typeof input === 'string') return { ok: true, event: { type: 'text', text: input } }
  if ('template_button' in input) {
    const { payload, text } = input.template_button
    return { ok: true, event: { type: 'template_button', button: { payload, text: text ?? payload } } }
  }
  if ('form' in input) return { ok: true, event: { type: 'nfm_reply', response: input.form } }
  if ('order' in input) return { ok: true, event: { type: 'order', order: input.order } }
  const want = 'button' in input ? input.button : input.row
  const kind = 'button' in input ? 'button' : 'list'
  const i = lastInteractive?.type === 'interactive' ? lastInteractive.interactive : null
  if (kind === 'button' && i?.type === 'button') {
    const hit = pick(
      i.action.buttons.map((b) => b.reply),
      want,
    )
    if (hit) return { ok: true, event: { type: 'button_reply', reply: hit } }
    return {
      ok: false,
      message: `no button "${want}" in the last buttons message (has ${titles(i.action.buttons.map((b) => b.reply))})`,
    }
  }
  if (kind === 'list' && i?.type === 'list') {
    const rows = i.action.sections.flatMap((s) => s.rows)
    const hit = pick(rows, want)
    if (hit) return { ok: true, event: { type: 'list_reply', reply: { id: hit.id, title: hit.title } } }
    return { ok: false, message: `no row "${want}" in the last list message (has ${titles(rows)})` }
  }
  return {
    ok: false,
    message: `cannot tap ${kind === 'button' ? 'button' : 'row'} "${want}": the bot has not sent a ${kind === 'button' ? 'buttons' : 'list'} message`,
  }
}

function pick<T extends { id: string; title: string }>(options: T[], want: string): T | undefined {
  return options.find((o) => o.title === want) ?? options.find((o) => o.id === want)
}

function titles(options: Array<{ title: string }>): string {
  return options.map((o) => JSON.stringify(o.title)).join(', ') || 'none'
}

/**
 * What a person typed in a terminal chat, as the channel would deliver it: the number, title or id of a button or
 * row of the last interactive message becomes that tap; anything else is a text message.
 */
export function typedAnswer(line: string, lastInteractive: OutboundMessage | null): InboundEvent {
  const typed = line.trim()
  const i = lastInteractive?.type === 'interactive' ? lastInteractive.interactive : null
  const options =
    i?.type === 'button'
      ? i.action.buttons.map((b) => b.reply)
      : i?.type === 'list'
        ? i.action.sections.flatMap((s) => s.rows)
        : []
  const n = /^\d+$/.test(typed) ? Number(typed) : NaN
  const lower = typed.toLowerCase()
  const hit =
    options[n - 1] ??
    options.find((o) => o.title.toLowerCase() === lower) ??
    options.find((o) => o.id.toLowerCase() === lower)
  if (!hit) return { type: 'text', text: line }
  return i?.type === 'list'
    ? { type: 'list_reply', reply: { id: hit.id, title: hit.title } }
    : { type: 'button_reply', reply: { id: hit.id, title: hit.title } }
}
