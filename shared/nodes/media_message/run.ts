// Media Message: sends an image, video, audio, document or sticker by its hosted link, with caption and file name
// where the kind allows them. Before sending it checks what can be checked (docs/integrations.md): the link is an
// http(s) URL, the extension of the link and of the file name names an accepted type, and, when the link
// answers a HEAD request, the declared type and size fit the channel's limits. A failed check fails the node with
// a clear reason and nothing is sent.
import { NodeFailure, type NodeRunner, type RunContext } from '../../engine/runner'
import { mediaMessage } from '../../engine/outbound'
import { renderUrl } from '../http_call/run-render'
import { MEDIA_RULES, storedMediaLink, type MediaMessageConfig } from './definition'
import { checkType, mib, mimeOfName, probe, type Probe } from './run-checks'

const MAX_CAPTION = 1024

export const mediaMessageRunner: NodeRunner<MediaMessageConfig> = {
  run: (ctx) => runMedia(ctx),
}

export async function runMedia(
  ctx: Pick<RunContext<MediaMessageConfig>, 'config' | 'render' | 'evaluate' | 'effects'>,
) {
  const { kind } = ctx.config
  const rules = MEDIA_RULES[kind]
  const { caption, filename } = renderTexts(ctx)
  const file = ctx.config.file
  if (file) {
    // Checked by its bytes when stored; checked again here against the kind, which may have changed since.
    checkType(kind, file.mime, `The file ${file.name}`)
    if (file.bytes > rules.maxBytes)
      throw new NodeFailure(
        'media_too_large',
        `The file ${file.name} is ${mib(file.bytes)}; a ${kind} may be at most ${mib(rules.maxBytes)}.`,
      )
    return send(kind, storedMediaLink(file.ref), caption, filename, {
      checked: true,
      mime: file.mime,
      bytes: file.bytes,
      file: file.name,
    })
  }
  const link = renderUrl(ctx.config.url.trim(), ctx).trim()
  let url: URL
  try {
    url = new URL(link)
  } catch {
    throw new NodeFailure('media_invalid_url', `'${link}' is not a valid media link.`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new NodeFailure('media_invalid_url', `A media link must be http or https; got '${url.protocol}'.`)
  const fromLink = mimeOfName(decodeURIComponent(url.pathname))
  if (fromLink) checkType(kind, fromLink, `The link's file (${url.pathname.split('/').pop()})`)

  const checked = await probe(ctx.effects, url.toString(), kind)
  return send(kind, url.toString(), caption, filename, checked)
}

function renderTexts(ctx: Pick<RunContext<MediaMessageConfig>, 'config' | 'render'>) {
  const { kind } = ctx.config
  const caption = MEDIA_RULES[kind].caption ? ctx.render(ctx.config.caption).trim() : ''
  if (caption.length > MAX_CAPTION)
    throw new NodeFailure(
      'media_caption_too_long',
      `The caption has ${caption.length} characters once filled; at most ${MAX_CAPTION}.`,
    )
  const filename = kind === 'document' ? ctx.render(ctx.config.filename).trim() : ''
  if (filename) {
    const fromName = mimeOfName(filename)
    if (fromName) checkType(kind, fromName, `The file name ${filename}`)
  }
  return { caption, filename }
}

function send(
  kind: MediaMessageConfig['kind'],
  link: string,
  caption: string,
  filename: string,
  checked: Probe & { file?: string },
) {
  const media = { link, ...(caption ? { caption } : {}), ...(filename ? { filename } : {}) }
  return {
    kind: 'next' as const,
    port: 'out',
    output: { type: kind, ...media, ...checked },
    messages: [mediaMessage(kind, media)],
  }
}
