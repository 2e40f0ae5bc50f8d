import { z } from 'zod'
import type { NodeDefinition, Problem, ValidateContext } from '../types'
import { error, maxLength, requireText } from '../../flow/checks'

export const MEDIA_KINDS = ['image', 'video', 'audio', 'document', 'sticker'] as const

/** What the channel accepts per kind (docs/integrations.md, Media Message). */
export const MEDIA_RULES = {
  image: { mime: ['image/jpeg', 'image/png'], maxBytes: 5 * 1024 * 1024, caption: true },
  video: { mime: ['video/mp4', 'video/3gpp'], maxBytes: 16 * 1024 * 1024, caption: true },
  audio: {
    mime: ['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg'],
    maxBytes: 16 * 1024 * 1024,
    caption: false,
  },
  document: {
    mime: [
      'text/plain',
      'application/pdf',
      'application/msword',
      'application/vnd.ms-excel',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ],
    maxBytes: 100 * 1024 * 1024,
    caption: true,
  },
  sticker: { mime: ['image/webp'], maxBytes: 500 * 1024, caption: false },
} as const

export const MEDIA_CAPTION_MAX = 1024

/** A file stored in the studio's data folder (media/<sha256>.<ext>), checked by its bytes when it was stored. */
export const MediaFileSchema = z.object({
  ref: z
    .string()
    .regex(/^[0-9a-f]{64}\.[a-z0-9]{1,5}$/)
    .describe(
      "Stored file name in the data folder's media/ folder: the SHA-256 of the content and the extension of its type.",
    ),
  name: z.string().describe('The file name as the author picked it.'),
  mime: z.string().describe('The type its first bytes prove, e.g. image/png.'),
  bytes: z.number().int().nonnegative().describe('Size in bytes.'),
})
export type MediaFile = z.infer<typeof MediaFileSchema>

/** The link a stored file is sent with: relative to the host that serves the data folder's media (docs/integrations.md). */
export const storedMediaLink = (ref: string) => `/media/${ref}`

export const MediaMessageConfigSchema = z.object({
  kind: z
    .enum(MEDIA_KINDS)
    .default('image')
    .describe(
      'image (JPEG/PNG, 5 MB), video (MP4/3GPP, 16 MB), audio (16 MB), document (100 MB), sticker (WebP 512×512).',
    ),
  url: z.string().default('').describe('Hosted link of the media (http or https); takes {{ }} placeholders.'),
  caption: z.string().default('').describe('image, video, document only; at most 1024 characters.'),
  filename: z.string().default('').describe('document only: file name shown, its extension picks the icon.'),
  file: MediaFileSchema.nullable()
    .default(null)
    .describe('A local file stored in the studio, sent instead of the URL.'),
})
export type MediaMessageConfig = z.infer<typeof MediaMessageConfigSchema>

function validate(c: MediaMessageConfig, ctx: ValidateContext): Problem[] {
  const out: Problem[] = c.file ? fileProblems(c.file, c.kind, ctx) : [...requireText(ctx, '/url', c.url, 'Media URL')]
  const url = c.url.trim()
  if (!c.file && url && !/^https?:\/\//i.test(url) && !url.startsWith('{{'))
    out.push(error(ctx, 'config.url', `Media URL must start with http:// or https://; got '${url}'.`, '/url'))
  if (MEDIA_RULES[c.kind].caption) out.push(...maxLength(ctx, '/caption', c.caption, MEDIA_CAPTION_MAX, 'Caption'))
  else if (c.caption.trim())
    out.push(error(ctx, 'limit.caption', `A ${c.kind} message cannot carry a caption.`, '/caption'))
  if (c.kind !== 'document' && c.filename.trim())
    out.push(error(ctx, 'limit.filename', 'Only a document message carries a file name.', '/filename'))
  return out
}

/** A file attached for one kind and then the kind changed: the stored type or size may no longer fit. */
function fileProblems(f: MediaFile, kind: MediaMessageConfig['kind'], ctx: ValidateContext): Problem[] {
  const rules = MEDIA_RULES[kind]
  if (!(rules.mime as readonly string[]).includes(f.mime))
    return [
      error(ctx, 'config.file', `${f.name} is ${f.mime}; a ${kind} message takes ${rules.mime.join(', ')}.`, '/file'),
    ]
  if (f.bytes > rules.maxBytes)
    return [
      error(
        ctx,
        'limit.file',
        `${f.name} is larger than a ${kind} may be (${rules.maxBytes / (1024 * 1024)} MB).`,
        '/file',
      ),
    ]
  return []
}

export const mediaMessageDefinition: NodeDefinition<MediaMessageConfig> = {
  label: 'Media Message',
  description: 'Sends an image, video, audio, document or sticker by link or from a local file.',
  category: 'message',
  configSchema: MediaMessageConfigSchema,
  defaults: () => ({ kind: 'image', url: '', caption: '', filename: '', file: null }),
  ports: () => [{ id: 'out', label: 'Next' }],
  waits: () => false,
  variables: () => [],
  textFields: (c) => [
    ...(c.file ? [] : [{ pointer: '/url', label: 'Media URL', value: c.url }]),
    ...(MEDIA_RULES[c.kind].caption ? [{ pointer: '/caption', label: 'Caption', value: c.caption }] : []),
    ...(c.kind === 'document' ? [{ pointer: '/filename', label: 'File name', value: c.filename }] : []),
  ],
  // The caption only: the file name and the media are the same file in every language.
  customerTexts: (c) =>
    MEDIA_RULES[c.kind].caption
      ? [{ pointer: '/caption', label: 'Caption', value: c.caption, limit: MEDIA_CAPTION_MAX, kind: 'caption' }]
      : [],
  validate,
  summary: (c) =>
    `${c.kind[0]?.toUpperCase()}${c.kind.slice(1)}${c.file ? ` (${c.file.name})` : ''}${c.caption ? ': ' + c.caption.slice(0, 40) : ''}`,
}
