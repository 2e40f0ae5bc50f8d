// Sends a picked file to the back end in chunks (the browser host's socket takes at most 8 MB a message) and asks it
// to keep the file for a Media Message kind; the back end checks the bytes, not the name.
import { MEDIA_CHUNK_BYTES } from '../../shared/api/commands/integrations'
import type { MediaFile, MediaMessageConfig } from '../../shared/nodes/media_message/definition'
import { api } from '../api'

export type UploadResult = { ok: true; file: MediaFile } | { ok: false; message: string }

function base64Of(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''))
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'))
    reader.readAsDataURL(blob)
  })
}

export async function uploadMedia(
  file: File,
  kind: MediaMessageConfig['kind'],
  onProgress: (fraction: number) => void,
): Promise<UploadResult> {
  const uploadId = `up_${crypto.randomUUID().replace(/-/g, '')}`
  let offset = 0
  do {
    const chunk = file.slice(offset, offset + MEDIA_CHUNK_BYTES)
    let data: string
    try {
      data = await base64Of(chunk)
    } catch (err) {
      return { ok: false, message: err instanceof Error ? err.message : String(err) }
    }
    const r = await api.call('integrations.mediaChunk', { uploadId, offset, data })
    if (!r.ok) return { ok: false, message: r.error.message }
    offset = r.value.received
    onProgress(file.size ? offset / file.size : 1)
  } while (offset < file.size)
  const r = await api.call('integrations.storeMedia', { uploadId, name: file.name, kind })
  return r.ok ? { ok: true, file: r.value.file } : { ok: false, message: r.error.message }
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MB`
  if (n >= 1024) return `${Math.ceil(n / 1024)} KB`
  return `${n} bytes`
}
