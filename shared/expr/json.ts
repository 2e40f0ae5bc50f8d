// Relaxed JSON for sample responses (single quotes, unquoted keys, trailing commas, comments) through json5, with
// the error's line and column (1-based) for the editor.
import JSON5 from 'json5'
import { MAX_JSON_LENGTH } from './limits'

export type JsonError = { ok: false; message: string; line: number; column: number }

export function parseRelaxedJson(text: string): { ok: true; value: unknown } | JsonError {
  if (text.length > MAX_JSON_LENGTH) return { ok: false, message: `the sample is ${text.length} characters long; the limit is ${MAX_JSON_LENGTH}`, line: 1, column: 1 }
  if (text.trim() === '') return { ok: false, message: 'the sample is empty: paste a JSON value', line: 1, column: 1 }
  try {
    return { ok: true, value: JSON5.parse(text) }
  } catch (err) {
    return toError(err, text)
  }
}

/** Validates relaxed JSON and pretty-prints it as standard JSON with two-space indentation. */
export function formatJson(text: string): { ok: true; text: string } | JsonError {
  const parsed = parseRelaxedJson(text)
  if (!parsed.ok) return parsed
  return { ok: true, text: JSON.stringify(parsed.value, null, 2) }
}

function toError(err: unknown, text: string): JsonError {
  const e = err as { message?: string; lineNumber?: number; columnNumber?: number }
  if (err instanceof RangeError) return { ok: false, message: 'the sample is nested too deeply', line: 1, column: 1 }
  const raw = String(e.message ?? err).replace(/^JSON5: /, '').replace(/ at \d+:\d+$/, '')
  const message = raw.startsWith('invalid end of input') ? 'the JSON ends too early: a closing bracket, brace or quote is missing' : raw
  const line = e.lineNumber ?? 1
  const column = e.columnNumber ?? 1
  void text
  return { ok: false, message, line, column }
}
