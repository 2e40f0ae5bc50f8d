// Reads a flow file, bundle or library for the CLI, refusing one larger than the import limit before reading it:
// the same 8 MiB the studio's Import takes (shared/json/bounds.ts, JSON_LIMITS).
import fs from 'node:fs'
import { fileSizeProblem, JSON_LIMITS } from '../../../shared/json/bounds'

export type InputRead = { ok: true; text: string } | { ok: false; reason: string }

export function readInputFile(file: string, maxBytes: number = JSON_LIMITS.fileBytes): InputRead {
  try {
    const tooLarge = fileSizeProblem(fs.statSync(file).size, maxBytes)
    if (tooLarge) return { ok: false, reason: tooLarge }
    return { ok: true, text: fs.readFileSync(file, 'utf8') }
  } catch (err) {
    return { ok: false, reason: (err as NodeJS.ErrnoException).code ?? String(err) }
  }
}
