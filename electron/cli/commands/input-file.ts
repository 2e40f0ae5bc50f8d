// Reads a flow file, bundle or library for the CLI, refusing one larger than the import limit before reading it:
// the same 8 MiB the studio's Import takes (shared/json/bounds.ts, JSON_LIMITS).
import fs from 'node:fs'
import { JSON_LIMITS } from '../../../shared/json/bounds'

export type InputRead = { ok: true; text: string } | { ok: false; reason: string }

export function readInputFile(file: string, maxBytes: number = JSON_LIMITS.fileBytes): InputRead {
  try {
    const size = fs.statSync(file).size
    if (size > maxBytes) return { ok: false, reason: `it is ${sizeText(size)}, larger than the ${sizeText(maxBytes)} a file may be` }
    return { ok: true, text: fs.readFileSync(file, 'utf8') }
  } catch (err) {
    return { ok: false, reason: (err as NodeJS.ErrnoException).code ?? String(err) }
  }
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Number((bytes / 1024 / 1024).toFixed(1))} MiB` : `${Number((bytes / 1024).toFixed(1))} KiB`
