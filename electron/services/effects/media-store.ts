// Local media files in the data folder, content-addressed: media/<sha256>.<ext>. A file arrives in chunks (the
// browser host's socket carries at most 8 MB per message), is appended to media/.uploads/<id>, and is kept only
// once its bytes prove a type the message kind accepts and its size fits the kind's limit (docs/integrations.md, Media Message).
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { MEDIA_RULES, type MediaFile, type MediaMessageConfig } from '../../../shared/nodes/media_message/definition'
import { allowedTypes, mib } from '../../../shared/nodes/media_message/run-checks'
import { extensionOf, mimeOfExtension, sniffMime } from '../../../shared/nodes/media_message/sniff'
import { ApiFailure } from '../failure'

type Kind = MediaMessageConfig['kind']

/** The largest file any kind takes (a document, 100 MB): an upload past it is refused while it arrives. */
export const MAX_MEDIA_BYTES = Math.max(...Object.values(MEDIA_RULES).map((r) => r.maxBytes))
export const STORED_REF = /^[0-9a-f]{64}\.[a-z0-9]{1,5}$/
const HEAD_BYTES = 4096
// Uploads left behind (a closed window mid-upload) are removed when a new one starts, after this long.
const STALE_UPLOAD_MS = 60 * 60 * 1000

export class MediaStore {
  readonly dir: string
  private readonly uploads: string

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'media')
    this.uploads = path.join(this.dir, '.uploads')
  }

  /** Appends one chunk; chunks must come in order (offset = bytes received so far). Returns the bytes received. */
  append(uploadId: string, offset: number, data: Buffer): number {
    fs.mkdirSync(this.uploads, { recursive: true })
    const file = path.join(this.uploads, uploadId)
    if (offset === 0) {
      this.sweep()
      fs.writeFileSync(file, '')
    }
    const size = sizeOf(file)
    if (size === null) throw new ApiFailure('not_found', 'This upload is unknown or has expired; pick the file again.')
    if (size !== offset)
      throw new ApiFailure('conflict', `The upload has ${size} bytes, not ${offset}; pick the file again.`)
    if (size + data.length > MAX_MEDIA_BYTES) {
      fs.rmSync(file, { force: true })
      throw new ApiFailure(
        'media_too_large',
        `The file is larger than any media message may be (${mib(MAX_MEDIA_BYTES)}).`,
      )
    }
    fs.appendFileSync(file, data)
    return size + data.length
  }

  /** Checks the finished upload for a kind and keeps it under its content hash; the upload is gone either way. */
  finish(uploadId: string, name: string, kind: Kind): MediaFile {
    const file = path.join(this.uploads, uploadId)
    try {
      const bytes = sizeOf(file)
      if (bytes === null)
        throw new ApiFailure('not_found', 'This upload is unknown or has expired; pick the file again.')
      if (bytes === 0) throw new ApiFailure('media_empty', `${name} is empty.`)
      const head = readHead(file)
      const mime = sniffMime(head, name)
      const rules = MEDIA_RULES[kind]
      if (!mime || !(rules.mime as readonly string[]).includes(mime)) {
        const what = mime ? `${name} is ${mime}` : `${name} is not a type the studio recognises from its content`
        throw new ApiFailure('media_type', `${what}; a ${kind} message takes ${allowedTypes(kind)}.`)
      }
      if (bytes > rules.maxBytes)
        throw new ApiFailure(
          'media_too_large',
          `${name} is ${mib(bytes)}; a ${kind} may be at most ${mib(rules.maxBytes)}.`,
        )
      const ref = `${hashOf(file)}.${extensionOf(mime)}`
      const target = path.join(this.dir, ref)
      if (fs.existsSync(target)) fs.rmSync(file)
      else fs.renameSync(file, target)
      return { ref, name, mime, bytes }
    } finally {
      fs.rmSync(file, { force: true })
    }
  }

  /** The path of a stored file, or null for a name that is not one (no path tricks reach outside media/). */
  pathOf(ref: string): string | null {
    if (!STORED_REF.test(ref)) return null
    const p = path.join(this.dir, ref)
    return fs.existsSync(p) ? p : null
  }

  private sweep(): void {
    const cutoff = Date.now() - STALE_UPLOAD_MS
    for (const f of fs.readdirSync(this.uploads)) {
      const p = path.join(this.uploads, f)
      if (fs.statSync(p).mtimeMs < cutoff) fs.rmSync(p, { force: true })
    }
  }
}

function sizeOf(file: string): number | null {
  try {
    return fs.statSync(file).size
  } catch {
    return null
  }
}

function readHead(file: string): Uint8Array {
  const fd = fs.openSync(file, 'r')
  try {
    const buf = Buffer.alloc(HEAD_BYTES)
    const n = fs.readSync(fd, buf, 0, HEAD_BYTES, 0)
    return buf.subarray(0, n)
  } catch {
    return new Uint8Array()
  } finally {
    fs.closeSync(fd)
  }
}

function hashOf(file: string): string {
  const hash = crypto.createHash('sha256')
  const fd = fs.openSync(file, 'r')
  try {
    const buf = Buffer.alloc(1024 * 1024)
    for (let n; (n = fs.readSync(fd, buf, 0, buf.length, null)) > 0;) hash.update(buf.subarray(0, n))
  } finally {
    fs.closeSync(fd)
  }
  return hash.digest('hex')
}

/** For a host serving `/media/<ref>` (browser host route, Electron's app:// handler): the stored file and its type. */
export function storedMediaFile(dataDir: string, urlPath: string): { path: string; mime: string } | null {
  const m = /^\/media\/([0-9a-f]{64}\.([a-z0-9]{1,5}))$/.exec(urlPath)
  if (!m) return null
  const file = new MediaStore(dataDir).pathOf(m[1]!)
  const mime = mimeOfExtension(m[2]!)
  return file && mime ? { path: file, mime } : null
}
