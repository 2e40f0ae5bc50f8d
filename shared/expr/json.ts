// Relaxed JSON for sample responses (single quotes, unquoted keys, trailing commas, comments) through json5, with
// the error's line and column (1-based) for the editor.
import JSON5 from 'json5'
import { MAX_JSON_DEPTH, MAX_JSON_LENGTH } from './limits'

export type JsonError = { ok: false; message: string; line: number; column: number }

export function parseRelaxedJson(text: string): { ok: true; value: unknown } | JsonError {
  if (text.length > MAX_JSON_LENGTH)
    return {
      ok: false,
      message: `the sample is ${text.length} characters long; the limit is ${MAX_JSON_LENGTH}`,
      line: 1,
      column: 1,
    }
  if (text.trim() === '') return { ok: false, message: 'the sample is empty: paste a JSON value', line: 1, column: 1 }
  let value: unknown
  try {
    value = JSON5.parse(text)
  } catch (err) {
    return toError(err, text)
  }
  const tooDeep = depthExceededAt(text)
  if (tooDeep) return { ok: false, message: `the JSON is nested more than ${MAX_JSON_DEPTH} levels deep`, ...tooDeep }
  return { ok: true, value }
}

/**
 * Line and column (1-based) of the bracket that opens level MAX_JSON_DEPTH + 1, or undefined. Runs on text json5
 * has accepted, so strings ('…', "…", with escapes) and comments are well formed.
 */
function depthExceededAt(text: string): { line: number; column: number } | undefined {
  let depth = 0
  let line = 1
  let lineStart = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '\n') {
      line++
      lineStart = i + 1
    } else if (c === '"' || c === "'") {
      for (i++; i < text.length && text[i] !== c; i++) {
        if (text[i] === '\\') i++
        if (text[i] === '\n') {
          line++ // a line continuation inside a JSON5 string
          lineStart = i + 1
        }
      }
    } else if (c === '/' && text[i + 1] === '/') {
      while (i + 1 < text.length && text[i + 1] !== '\n') i++
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2)
      for (let j = i; j < end; j++) if (text[j] === '\n') [line, lineStart] = [line + 1, j + 1]
      i = end + 1
    } else if (c === '[' || c === '{') {
      if (++depth > MAX_JSON_DEPTH) return { line, column: i - lineStart + 1 }
    } else if (c === ']' || c === '}') depth--
  }
  return undefined
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
  const raw = String(e.message ?? err)
    .replace(/^JSON5: /, '')
    .replace(/ at \d+:\d+$/, '')
  const line = e.lineNumber ?? 1
  const column = e.columnNumber ?? 1
  if (raw.startsWith('invalid end of input'))
    return { ok: false, message: 'the JSON ends too early: a closing bracket, brace or quote is missing', line, column }
  if (raw === "invalid character '\\n'" && line > 1 && column === 0) {
    // json5 places a line break inside quotes at column 0 of the next line: point at the end of the quoted line.
    const quoted = text.split('\n')[line - 2]!.replace(/\r$/, '')
    return {
      ok: false,
      message: 'text in quotes cannot span lines: close the quote before the line break',
      line: line - 1,
      column: quoted.length + 1,
    }
  }
  return { ok: false, message: raw, line, column }
}
