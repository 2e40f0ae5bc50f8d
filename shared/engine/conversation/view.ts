// What a person reads in a bot message, whatever its kind: the one reading that `chatflow run` prints, conversation
// tests compare (`bot:`) and the recorder writes. A template's channel shape names only its parameters, so its
// filled text comes from the Template Message node's output (the trace), paired with the messages in send order.
import { z } from 'zod'
import { mediaOf, type OutboundMessage } from '../outbound'
import type { TraceEvent } from '../types'
import type { BotMessage } from './format'
import { sendsKind } from '../../nodes/behaviour-of'

/** A Template Message node's output (shared/nodes/template_message/run.ts): the template as the customer reads it. */
export const TemplatePreviewSchema = z.object({
  name: z.string(),
  language: z.string(),
  header: z.string().optional(),
  body: z.string().optional(),
  footer: z.string().optional(),
  buttons: z
    .array(
      z.object({
        type: z.string(),
        text: z.string(),
        payload: z.string().optional(),
        url: z.string().optional(),
        phone: z.string().optional(),
      }),
    )
    .optional(),
})
export type TemplatePreview = z.infer<typeof TemplatePreviewSchema>

/** The previews of the templates the trace's nodes sent, in send order. */
export function templatePreviews(trace: readonly TraceEvent[]): TemplatePreview[] {
  return trace.flatMap((t) => {
    if (!sendsKind(t.nodeType, 'template') || t.error) return []
    const p = TemplatePreviewSchema.safeParse(t.output)
    return p.success ? [p.data] : []
  })
}

/** Reads messages in send order, taking the next template preview from `trace` at each template message. */
export function messageViewer(trace: readonly TraceEvent[]): (m: OutboundMessage) => BotMessage {
  const previews = templatePreviews(trace)
  let next = 0
  return (m) => view(m, m.type === 'template' ? previews[next++] : undefined)
}

export function view(m: OutboundMessage, preview?: TemplatePreview): BotMessage {
  switch (m.type) {
    case 'text':
      return { text: m.text.body }
    case 'template': {
      const p = preview
      const buttons = p?.buttons?.length ? { buttons: p.buttons.map((b) => b.text) } : {}
      return {
        template: m.template.name,
        ...field('header', p?.header),
        ...field('text', p?.body),
        ...field('footer', p?.footer),
        ...buttons,
      }
    }
    case 'interactive':
      return interactiveView(m.interactive)
    default: {
      const media = mediaOf(m)!
      return {
        media: media.kind,
        link: media.link,
        ...field('caption', media.caption),
        ...field('filename', media.filename),
      }
    }
  }
}

function interactiveView(i: Extract<OutboundMessage, { type: 'interactive' }>['interactive']): BotMessage {
  const header = 'header' in i && i.header?.type === 'text' ? i.header.text : undefined
  const frame = { ...field('header', header), ...field('text', i.body?.text), ...field('footer', i.footer?.text) }
  switch (i.type) {
    case 'button':
      return { ...frame, buttons: i.action.buttons.map((b) => b.reply.title) }
    case 'list':
      return { ...frame, list: i.action.button, rows: i.action.sections.flatMap((s) => s.rows.map((r) => r.title)) }
    case 'product':
      return { ...frame, product: i.action.product_retailer_id }
    case 'product_list':
      return { ...frame, products: i.action.sections.flatMap((s) => s.product_items.map((p) => p.product_retailer_id)) }
    case 'flow':
      return { ...frame, form: i.action.parameters.flow_cta }
    case 'cta_url':
      return { ...frame, buttons: [i.action.parameters.display_text], link: i.action.parameters.url }
  }
}

/** `{key: value}` when the value has text, else nothing: a message's absent parts are left out, not empty. */
function field<K extends keyof BotMessage>(key: K, value: string | undefined): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {}
  if (value) out[key] = value
  return out
}
