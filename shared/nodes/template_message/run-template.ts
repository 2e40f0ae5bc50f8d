// A message template of the local library: the shape a user creates and edits, and the channel's rules for it
// (docs/integrations.md, Template Message). The Template Message node sends one of these with its parameter places filled.
import { z } from 'zod'

export const TEMPLATE_LIMITS = {
  headerText: 60,
  body: 1024,
  footer: 60,
  buttons: 10,
  buttonLabel: 25,
  quickReplies: 10,
  urlButtons: 2,
  phoneButtons: 1,
  url: 2000,
  phone: 20,
}

export const TemplateButtonSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('quick_reply'), text: z.string() }),
  z.object({
    type: z.literal('url'),
    text: z.string(),
    url: z.string().describe('May end with {{1}}: the suffix the node fills.'),
  }),
  z.object({
    type: z.literal('phone'),
    text: z.string(),
    phone: z.string().describe('With country code, e.g. +919800000001.'),
  }),
])

export const MessageTemplateSchema = z.object({
  name: z.string().regex(/^[a-z0-9_]{1,512}$/, 'lower-case letters, digits and underscore only'),
  language: z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, "a language code such as 'en' or 'en_US'"),
  category: z.enum(['MARKETING', 'UTILITY', 'AUTHENTICATION']),
  header: z.object({ type: z.enum(['none', 'text', 'image', 'video', 'document']), text: z.string().default('') }),
  body: z.string(),
  footer: z.string().default(''),
  buttons: z.array(TemplateButtonSchema).default([]),
})
export type MessageTemplate = z.infer<typeof MessageTemplateSchema>
export type TemplateButton = z.infer<typeof TemplateButtonSchema>

/** The positional parameters a text uses ({{1}}, {{2}} …), as their numbers in order of first use. */
export function paramNumbers(text: string): number[] {
  const seen: number[] = []
  for (const m of text.matchAll(/\{\{\s*(\d+)\s*\}\}/g)) {
    const n = Number(m[1])
    if (!seen.includes(n)) seen.push(n)
  }
  return seen
}

/** Highest parameter a text uses: Body {{1}}…{{n}} means the node must map n values. */
export function paramCount(text: string): number {
  return Math.max(0, ...paramNumbers(text))
}

/** Every rule a template breaks, as sentences; [] when it can be sent. */
export function templateProblems(t: MessageTemplate): string[] {
  const out: string[] = []
  const L = TEMPLATE_LIMITS
  if (t.header.type === 'text') {
    if (!t.header.text.trim()) out.push('A text header needs its text.')
    if (t.header.text.length > L.headerText)
      out.push(`The header has ${t.header.text.length} characters; at most ${L.headerText}.`)
    if (paramNumbers(t.header.text).some((n) => n !== 1)) out.push('A text header takes at most one parameter, {{1}}.')
  }
  if (!t.body.trim()) out.push('The body is required.')
  if (t.body.length > L.body) out.push(`The body has ${t.body.length} characters; at most ${L.body}.`)
  const body = paramNumbers(t.body)
  const n = paramCount(t.body)
  for (let i = 1; i <= n; i++)
    if (!body.includes(i))
      out.push(`The body uses {{${n}}} but not {{${i}}}: parameters are numbered from 1 without gaps.`)
  if (t.footer.length > L.footer) out.push(`The footer has ${t.footer.length} characters; at most ${L.footer}.`)
  if (paramNumbers(t.footer).length) out.push('The footer cannot hold parameters.')
  const count = (type: TemplateButton['type']) => t.buttons.filter((b) => b.type === type).length
  if (t.buttons.length > L.buttons) out.push(`${t.buttons.length} buttons; a template has at most ${L.buttons}.`)
  if (count('url') > L.urlButtons) out.push(`${count('url')} URL buttons; at most ${L.urlButtons}.`)
  if (count('phone') > L.phoneButtons) out.push(`${count('phone')} phone buttons; at most ${L.phoneButtons}.`)
  const kinds = t.buttons.map((b) => (b.type === 'quick_reply' ? 'q' : 'o')).join('')
  if (/q+o+q+/.test(kinds)) out.push('Quick replies must be one group, before or after the other buttons.')
  t.buttons.forEach((b, i) => {
    const where = `Button ${i + 1}`
    if (!b.text.trim()) out.push(`${where} needs a label.`)
    if (b.text.length > L.buttonLabel)
      out.push(`${where}'s label has ${b.text.length} characters; at most ${L.buttonLabel}.`)
    if (b.type === 'url') {
      if (!/^https?:\/\/\S+$/.test(b.url)) out.push(`${where}'s URL must start with http:// or https://.`)
      if (b.url.length > L.url) out.push(`${where}'s URL is longer than ${L.url} characters.`)
      const params = paramNumbers(b.url)
      if (params.length > 1 || params.some((p) => p !== 1) || (params.length === 1 && !/\{\{\s*1\s*\}\}$/.test(b.url)))
        out.push(`${where}'s URL may hold one parameter, {{1}}, and only at its end.`)
    }
    if (b.type === 'phone' && !/^\+\d{6,19}$/.test(b.phone))
      out.push(`${where}'s phone must be a number with country code, e.g. +919800000001.`)
  })
  return out
}
