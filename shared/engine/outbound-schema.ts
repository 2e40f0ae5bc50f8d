// The zod schemas of every message a flow can send (the channel's send shapes without the envelope), and the types
// inferred from them. The types are the outbound union the engine, the emulator and the adapters use
// (./outbound.ts re-exports them); the schemas check it against what runners really send
// (test/unit/outbound-union.test.ts). Apart from the types, so that a module needing only outbound.ts's helpers (every
// node type's runner, which the studio's first load carries) does not build these schemas on start.
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
