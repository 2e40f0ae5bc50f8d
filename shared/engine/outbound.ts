// Every message a flow can send, as the channel's send shapes without the envelope (the Cloud API's send shapes): one
// discriminated union, so the runners build them typed, and the emulator, the printers, the transcripts and the
// adapters read them without casts. The union is inferred from its zod schemas in outbound-schema.ts (imported here
// for types only, so nothing builds them at run time); test/unit/outbound-union.test.ts parses what every example
// sends with them. Here: the helpers that read and build messages.
import type { InteractiveHeader, InteractiveMessage, OutboundMessage, TemplateParameter } from './outbound-schema'

export type {
  OutboundMessage,
  InteractiveMessage,
  InteractiveHeader,
  ReplyButton,
  ListRow,
  ListSection,
  TemplateComponent,
  TemplateParameter,
} from './outbound-schema'

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
