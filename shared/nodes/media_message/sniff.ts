// What a file is, from its first bytes rather than its name: a renamed .exe must not pass as a .png. Containers that
// several types share (ZIP for docx/xlsx/pptx, OLE2 for doc/xls/ppt, ISO media for mp4/3gp/m4a) are narrowed by the
// file name's extension, but only within the family the bytes prove.
import { mimeOfName } from './run-checks'

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v)
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to))

const OFFICE_ZIP = ['wordprocessingml.document', 'spreadsheetml.sheet', 'presentationml.presentation'].map(
  (t) => `application/vnd.openxmlformats-officedocument.${t}`,
)
const OFFICE_OLE = ['application/msword', 'application/vnd.ms-excel', 'application/vnd.ms-powerpoint']

/** The MIME type the bytes prove (the head of the file is enough: 4 KiB), or null when they prove nothing we know. */
export function sniffMime(head: Uint8Array, fileName: string): string | null {
  const byName = mimeOfName(fileName)
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (ascii(head, 0, 4) === 'GIF8') return 'image/gif'
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp'
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WAVE') return 'audio/wav'
  if (ascii(head, 0, 5) === '%PDF-') return 'application/pdf'
  if (ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12)
    if (brand.startsWith('3gp') || brand.startsWith('3g2')) return 'video/3gpp'
    if (brand === 'M4A ' || brand === 'M4B ') return 'audio/mp4'
    if (brand === 'qt  ') return 'video/quicktime'
    return byName === 'audio/mp4' ? 'audio/mp4' : 'video/mp4'
  }
  if (ascii(head, 0, 4) === 'OggS') return 'audio/ogg'
  if (ascii(head, 0, 5) === '#!AMR') return 'audio/amr'
  if (ascii(head, 0, 3) === 'ID3') return 'audio/mpeg'
  if (head[0] === 0xff && head.length > 1 && (head[1]! & 0xe0) === 0xe0) {
    // MPEG frame sync: layer bits 00 is ADTS (AAC), anything else an MP3 frame.
    return (head[1]! & 0x06) === 0 ? 'audio/aac' : 'audio/mpeg'
  }
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]))
    return byName && OFFICE_ZIP.includes(byName) ? byName : 'application/zip'
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
    return byName && OFFICE_OLE.includes(byName) ? byName : 'application/x-ole-storage'
  if (startsWith(head, [0x4d, 0x5a])) return 'application/x-msdownload'
  if (startsWith(head, [0x7f, 0x45, 0x4c, 0x46])) return 'application/x-elf'
  if (byName === 'text/plain' && isText(head)) return 'text/plain'
  return null
}

/** Plain text: valid UTF-8 without NUL or other control bytes (tabs and line breaks allowed). */
function isText(head: Uint8Array): boolean {
  for (const b of head) if (b === 0 || (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d)) return false
  try {
    // A multi-byte character cut by the end of the head is not an error: decode in streaming mode.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true })
    return true
  } catch {
    return false
  }
}

const EXTENSION: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'audio/aac': 'aac',
  'audio/amr': 'amr',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/ogg': 'ogg',
  'text/plain': 'txt',
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.ms-powerpoint': 'ppt',
  [OFFICE_ZIP[0]!]: 'docx',
  [OFFICE_ZIP[1]!]: 'xlsx',
  [OFFICE_ZIP[2]!]: 'pptx',
}

/** The extension a stored file gets for its proven type (so the host serves it with the right Content-Type). */
export function extensionOf(mime: string): string {
  return EXTENSION[mime] ?? 'bin'
}

/** The type a stored file is served with, from its stored extension. */
export function mimeOfExtension(ext: string): string | null {
  return Object.entries(EXTENSION).find(([, e]) => e === ext)?.[0] ?? null
}
