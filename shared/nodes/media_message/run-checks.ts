// What can be known about a media link before the channel fetches it: the type its file extension names, and,
// when the host can reach the link, the type and size the server declares (a HEAD request). Pure; the request
// goes through the http effect.
import type { Effects } from '../../engine/effects'
import { NodeFailure } from '../../engine/runner'
import { MEDIA_RULES, type MediaMessageConfig } from './definition'

type Kind = MediaMessageConfig['kind']

const MIME_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  '3gp': 'video/3gpp',
  mov: 'video/quicktime',
  webm: 'video/webm',
  avi: 'video/x-msvideo',
  aac: 'audio/aac',
  amr: 'audio/amr',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  txt: 'text/plain',
  pdf: 'application/pdf',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  html: 'text/html',
}

export function mimeOfName(name: string): string | null {
  const m = /\.([A-Za-z0-9]+)$/.exec(name)
  return (m && MIME_BY_EXTENSION[m[1]!.toLowerCase()]) ?? null
}

export function allowedTypes(kind: Kind): string {
  return MEDIA_RULES[kind].mime.join(', ')
}

/** Refuses a type the channel does not accept for this kind of message. */
export function checkType(kind: Kind, mime: string, what: string): void {
  if (!(MEDIA_RULES[kind].mime as readonly string[]).includes(mime))
    throw new NodeFailure('media_type', `${what} is ${mime}; a ${kind} message takes ${allowedTypes(kind)}.`)
}

export interface Probe {
  checked: boolean
  /** Why the link was not checked (the host cannot reach it); the channel will try it anyway. */
  note?: string
  mime?: string
  bytes?: number
}

/** HEAD the link. An answer is checked strictly; no answer (offline, no http effect) leaves it unchecked. */
export async function probe(effects: Effects, url: string, kind: Kind): Promise<Probe> {
  let res
  try {
    res = await effects.http.request({ method: 'HEAD', url, headers: {}, timeoutMs: 5000 })
  } catch (err) {
    return { checked: false, note: err instanceof Error ? err.message : String(err) }
  }
  if (res.status >= 400)
    throw new NodeFailure('media_unreachable', `The media link answered ${res.status}; the channel could not fetch it.`)
  const out: Probe = { checked: true }
  const type = res.headers['content-type']?.split(';')[0]?.trim().toLowerCase()
  if (type && type !== 'application/octet-stream') {
    checkType(kind, type, 'The linked file')
    out.mime = type
  }
  const length = Number(res.headers['content-length'])
  if (res.headers['content-length'] !== undefined && Number.isFinite(length)) {
    const max = MEDIA_RULES[kind].maxBytes
    if (length > max)
      throw new NodeFailure(
        'media_too_large',
        `The linked file is ${mib(length)}; a ${kind} may be at most ${mib(max)}.`,
      )
    out.bytes = length
  }
  return out
}

export function mib(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`
}
