// A translation file as it arrives (the command line's file, the studio's upload): size first, then XLIFF or CSV by
// what the file holds (an XLIFF file starts with '<'), whatever its name says.
import { fileSizeProblem } from '../json/bounds'
import { fromCsv } from './csv'
import type { ReadResult } from './types'
import { fromXliff } from './xliff'

/**
 * The largest translation file read: twice a flow file's 8 MiB, since an export of the largest flow holds all its
 * texts in two languages plus each unit's markup and notes (10,000 texts of 250 characters: 10 MB of XLIFF), and a
 * file this studio wrote must come back in.
 */
export const TRANSLATION_FILE_BYTES = 16 * 1024 * 1024

export function readTranslationFile(fileName: string, text: string): ReadResult {
  const bytes = new TextEncoder().encode(text).length
  const tooLarge = fileSizeProblem(bytes, TRANSLATION_FILE_BYTES)
  if (tooLarge) return { ok: false, error: { code: 'translations.too_large', message: `${fileName}: ${tooLarge}.` } }
  const looksXml = /^\uFEFF?\s*</.test(text)
  const read = looksXml ? fromXliff(text) : fromCsv(text)
  if (!read.ok) return { ok: false, error: { ...read.error, message: `${fileName}: ${read.error.message}` } }
  return read
}
