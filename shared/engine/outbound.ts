// Every message a flow can send, as the channel's send shapes without the envelope (the Cloud API's send shapes): one
// discriminated union with its zod schemas, so the runners build them typed, and the emulator, the printers, the
// transcripts and the adapters read them without casts. outbound.test.ts parses what every example sends.
import { z } from 'zod'

const Text = z.object({ text: z.string() })

const MediaLink = z.object({ link: z.string() })
export const InteractiveHeaderSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('image'), image: MediaLink }),
  z.object({ type: z.literal('video'), video: MediaLink }),
  z.object({ type: z.literal('document'), document: MediaLink }),
])

export const ReplyButtonSchema = z.object({
  type: z.literal('reply'),
  reply: z.object({ id: z.string(), title: z.string() }),
})
export const ListRowSchema = z.object({ id: z.string(), title: z.string(), description: z.string().optional() })
export const ListSectionSchema = z.object({ title: z.string().optional(), rows: z.array(ListRowSchema) })

/** The parts every interactive message may carry around its action. */
const Frame = { header: InteractiveHeaderSchema.optional(), body: Text, footer: Text.optional() }

const ButtonsSchema = z.object({
  type: z.literal('button'),
  ...Frame,
  action: z.object({ buttons: z.array(ReplyButtonSchema) }),
})
const ListSchema = z.object({
  type: z.literal('list'),
  ...Frame,
  action: z.object({ button: z.string(), sections: z.array(ListSectionSchema) }),
})
/** Single product (docs/integrations.md, SPM): no header; body and footer optional. */
const ProductSchema = z.object({
  type: z.literal('product'),
  body: Text.optional(),
  footer: Text.optional(),
  action: z.object({ catalog_id: z.string(), product_retailer_id: z.string() }),
})
export const ProductSectionSchema = z.object({
  title: z.string(),
  product_items: z.array(z.object({ product_retailer_id: z.string() })),
})
const ProductListSchema = z.object({
  type: z.literal('product_list'),
  header: z.object({ type: z.literal('text'), text: z.string() }),
  body: Text,
  footer: Text.optional(),
  action: z.object({ catalog_id: z.string(), sections: z.array(ProductSectionSchema) }),
})
/** A Chat Flow form (docs/integrations.md, Chat Flow). */
const FormSchema = z.object({
  type: z.literal('flow'),
  ...Frame,
  action: z.object({
    name: z.literal('flow'),
    parameters: z.object({
      flow_message_version: z.string(),
      flow_id: z.string(),
      flow_cta: z.string(),
      flow_token: z.string(),
      mode: z.string().optional(),
      flow_action: z.string(),
      flow_action_payload: z
        .object({ screen: z.string(), data: z.record(z.string(), z.unknown()).optional() })
        .optional(),
    }),
  }),
})
const CtaUrlSchema = z.object({
  type: z.literal('cta_url'),
  ...Frame,
  action: z.object({ name: z.literal('cta_url'), parameters: z.object({ display_text: z.string(), url: z.string() }) }),
})

export const InteractiveSchema = z.discriminatedUnion('type', [
  ButtonsSchema,
  ListSchema,
  ProductSchema,
  ProductListSchema,
  FormSchema,
  CtaUrlSchema,
])

/** A template parameter as the channel takes it: text, a quick-reply payload, or a header's media. */
export const TemplateParameterSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('payload'), payload: z.string() }),
  z.object({ type: z.literal('image'), image: MediaLink }),
  z.object({ type: z.literal('video'), video: MediaLink }),
  z.object({ type: z.literal('document'), document: MediaLink }),
])
export const TemplateComponentSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('header'), parameters: z.array(TemplateParameterSchema) }),
  z.object({ type: z.literal('body'), parameters: z.array(TemplateParameterSchema) }),
  z.object({
    type: z.literal('button'),
    sub_type: z.enum(['quick_reply', 'url']),
    index: z.string(),
    parameters: z.array(TemplateParameterSchema),
  }),
])

const Captioned = z.object({ link: z.string(), caption: z.string().optional() })

export const OutboundMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.object({ body: z.string(), preview_url: z.boolean().optional() }) }),
  z.object({ type: z.literal('interactive'), interactive: InteractiveSchema }),
  z.object({
    type: z.literal('template'),
    template: z.object({
      name: z.string(),
      language: z.object({ code: z.string() }),
      components: z.array(TemplateComponentSchema).optional(),
    }),
  }),
  z.object({ type: z.literal('image'), image: Captioned }),
  z.object({ type: z.literal('video'), video: Captioned }),
  z.object({ type: z.literal('audio'), audio: MediaLink }),
  z.object({ type: z.literal('document'), document: Captioned.extend({ filename: z.string().optional() }) }),
  z.object({ type: z.literal('sticker'), sticker: MediaLink }),
])

export type OutboundMessage = z.infer<typeof OutboundMessageSchema>
export type InteractiveMessage = z.infer<typeof InteractiveSchema>
export type InteractiveHeader = z.infer<typeof InteractiveHeaderSchema>
export type ReplyButton = z.infer<typeof ReplyButtonSchema>
export type ListRow = z.infer<typeof ListRowSchema>
export type ListSection = z.infer<typeof ListSectionSchema>
export type TemplateComponent = z.infer<typeof TemplateComponentSchema>
export type TemplateParameter = z.infer<typeof TemplateParameterSchema>
export type MediaKind = 'image' | 'video' | 'audio' | 'document' | 'sticker'
export type ListInteractive = Extract<InteractiveMessage, { type: 'list' }>
export type ProductInteractive = Extract<InteractiveMessage, { type: 'product' | 'product_list' }>
export type FormInteractive = Extract<InteractiveMessage, { type: 'flow' }>
export type TemplateMessage = Extract<OutboundMessage, { type: 'template' }>['template']

/** The message's kind as node modules declare what they send ('text', 'interactive.button', 'image'…). */
export function messageKind(
  m: OutboundMessage,
): `interactive.${InteractiveMessage['type']}` | Exclude<OutboundMessage['type'], 'interactive'> {
  return m.type === 'interactive' ? `interactive.${m.interactive.type}` : m.type
}

export const MEDIA_KINDS: readonly MediaKind[] = ['image', 'video', 'audio', 'document', 'sticker']

/** A media message's kind and its link, caption and file name, whatever the kind. */
export function mediaOf(
  m: OutboundMessage,
): { kind: MediaKind; link: string; caption?: string; filename?: string } | null {
  switch (m.type) {
    case 'image':
      return { kind: 'image', ...m.image }
    case 'video':
      return { kind: 'video', ...m.video }
    case 'audio':
      return { kind: 'audio', ...m.audio }
    case 'document':
      return { kind: 'document', ...m.document }
    case 'sticker':
      return { kind: 'sticker', ...m.sticker }
    default:
      return null
  }
}

/** A media message of this kind (a document alone keeps a file name; audio and stickers carry no caption). */
export function mediaMessage(
  kind: MediaKind,
  media: { link: string; caption?: string; filename?: string },
): OutboundMessage {
  const { link, caption, filename } = media
  const captioned = { link, ...(caption ? { caption } : {}) }
  switch (kind) {
    case 'image':
      return { type: 'image', image: captioned }
    case 'video':
      return { type: 'video', video: captioned }
    case 'document':
      return { type: 'document', document: { ...captioned, ...(filename ? { filename } : {}) } }
    case 'audio':
      return { type: 'audio', audio: { link } }
    case 'sticker':
      return { type: 'sticker', sticker: { link } }
  }
}

/** What a template parameter shows: its text, its payload, or its media link. */
export function parameterText(p: TemplateParameter): string {
  switch (p.type) {
    case 'text':
      return p.text
    case 'payload':
      return p.payload
    case 'image':
      return p.image.link
    case 'video':
      return p.video.link
    case 'document':
      return p.document.link
  }
}

/** An interactive header's media, or null for a text header. */
export function headerMedia(h: InteractiveHeader): { kind: 'image' | 'video' | 'document'; link: string } | null {
  switch (h.type) {
    case 'text':
      return null
    case 'image':
      return { kind: 'image', link: h.image.link }
    case 'video':
      return { kind: 'video', link: h.video.link }
    case 'document':
      return { kind: 'document', link: h.document.link }
  }
}

/** A template header's media parameter. */
export function mediaParameter(kind: 'image' | 'video' | 'document', link: string): TemplateParameter {
  switch (kind) {
    case 'image':
      return { type: 'image', image: { link } }
    case 'video':
      return { type: 'video', video: { link } }
    case 'document':
      return { type: 'document', document: { link } }
  }
}
