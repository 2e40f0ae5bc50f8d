import { z } from 'zod'
import type { NodeDefinition, Problem, ValidateContext } from '../types'
import { error, maxLength, requireText } from '../../flow/checks'

export const MEDIA_KINDS = ['image', 'video', 'audio', 'document', 'sticker'] as const

/** What the channel accepts per kind (channel-reference §1.5). */
export const MEDIA_RULES = {
  image: { mime: ['image/jpeg', 'image/png'], maxBytes: 5 * 1024 * 1024, caption: true },
  video: { mime: ['video/mp4', 'video/3gpp'], maxBytes: 16 * 1024 * 1024, caption: true },
  audio: { mime: ['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg'], maxBytes: 16 * 1024 * 1024, caption: false },
  document: {
    mime: ['text/plain', 'application/pdf', 'application/msword', 'application/vnd.ms-excel', 'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    maxBytes: 100 * 1024 * 1024,
    caption: true,
  },
  sticker: { mime: ['image/webp'], maxBytes: 500 * 1024, caption: false },
} as const

export const MediaMessageConfigSchema = z.object({
  kind: z.enum(MEDIA_KINDS).default('image').describe('image (JPEG/PNG, 5 MB), video (MP4/3GPP, 16 MB), audio (16 MB), document (100 MB), sticker (WebP 512×512).'),
  url: z.string().default('').describe('Hosted link of the media (http or https); takes {{ }} placeholders.'),
  caption: z.string().default('').describe('image, video, document only; at most 1024 characters.'),
  filename: z.string().default('').describe('document only: file name shown, its extension picks the icon.'),
})
export type MediaMessageConfig = z.infer<typeof MediaMessageConfigSchema>

function validate(c: MediaMessageConfig, ctx: ValidateContext): Problem[] {
  const out: Problem[] = [...requireText(ctx, '/url', c.url, 'Media URL')]
  const url = c.url.trim()
  if (url && !/^https?:\/\//i.test(url) && !url.startsWith('{{'))
    out.push(error(ctx, 'config.url', `Media URL must start with http:// or https://; got '${url}'.`, '/url'))
  if (MEDIA_RULES[c.kind].caption) out.push(...maxLength(ctx, '/caption', c.caption, 1024, 'Caption'))
  else if (c.caption.trim()) out.push(error(ctx, 'limit.caption', `A ${c.kind} message cannot carry a caption.`, '/caption'))
  if (c.kind !== 'document' && c.filename.trim())
    out.push(error(ctx, 'limit.filename', 'Only a document message carries a file name.', '/filename'))
  return out
}

export const mediaMessageDefinition: NodeDefinition<MediaMessageConfig> = {
  type: 'media_message',
  label: 'Media Message',
  description: 'Sends an image, video, audio, document or sticker by link.',
  category: 'message',
  configSchema: MediaMessageConfigSchema,
  defaults: () => ({ kind: 'image', url: '', caption: '', filename: '' }),
  ports: () => [{ id: 'out', label: 'Next' }],
  waits: () => false,
  variables: () => [],
  textFields: (c) => [
    { pointer: '/url', label: 'Media URL', value: c.url },
    ...(MEDIA_RULES[c.kind].caption ? [{ pointer: '/caption', label: 'Caption', value: c.caption }] : []),
    ...(c.kind === 'document' ? [{ pointer: '/filename', label: 'File name', value: c.filename }] : []),
  ],
  validate,
  summary: (c) => `${c.kind[0]?.toUpperCase()}${c.kind.slice(1)}${c.caption ? ': ' + c.caption.slice(0, 40) : ''}`,
}
