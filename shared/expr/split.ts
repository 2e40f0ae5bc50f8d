// Cuts a template into literal text and `{{ … }}` chunks. Inside a chunk, inner `{{path}}` pairs nest and quoted
// strings are skipped, so `{{concat('}}', {{a}})}}` closes at the last `}}`. `\{{` writes a literal `{{`.
import type { Chunk, Diagnostic } from './types'
import { stringEnd } from './strings'

export function splitTemplate(text: string): { chunks: Chunk[]; diagnostics: Diagnostic[] } {
  const chunks: Chunk[] = []
  const diagnostics: Diagnostic[] = []
  let buf = ''
  let bufStart = 0
  let i = 0
  while (i < text.length) {
    const open = text.indexOf('{{', i)
    if (open < 0) {
      buf += text.slice(i)
      i = text.length
      break
    }
    if (open > 0 && text[open - 1] === '\\') {
      buf += text.slice(i, open - 1) + '{{'
      i = open + 2
      continue
    }
    buf += text.slice(i, open)
    const close = findClose(text, open + 2)
    if (close < 0) {
      diagnostics.push({
        severity: 'error',
        code: 'unclosed-placeholder',
        message: "'{{' is never closed: add '}}' after the variable or expression",
        start: open,
        end: open + 2,
      })
      buf += text.slice(open)
      i = text.length
      break
    }
    if (open > bufStart) chunks.push({ kind: 'text', text: buf, start: bufStart, end: open })
    buf = ''
    chunks.push({ kind: 'code', source: text.slice(open + 2, close), start: open, end: close + 2 })
    i = close + 2
    bufStart = i
  }
  if (text.length > bufStart) chunks.push({ kind: 'text', text: buf, start: bufStart, end: text.length })
  return { chunks, diagnostics }
}

/** Index of the `}}` closing a chunk whose code starts at `from`, or -1. */
function findClose(text: string, from: number): number {
  let depth = 0
  let j = from
  // Where a quote of each kind was last found unclosed: later ones on that line are unclosed too, so a line full
  // of apostrophes is scanned once, not once per apostrophe.
  let openSingleUntil = -1
  let openDoubleUntil = -1
  while (j < text.length) {
    const c = text.charCodeAt(j)
    if (c === 39 || c === 34) {
      if (j < (c === 39 ? openSingleUntil : openDoubleUntil)) {
        j++
        continue
      }
      const end = stringEnd(text, j)
      if (end >= 0) j = end
      else {
        const eol = text.slice(j).search(/[\r\n]/)
        const until = eol < 0 ? text.length : j + eol
        if (c === 39) openSingleUntil = until
        else openDoubleUntil = until
        j++
      }
    } else if (c === 123 && text.charCodeAt(j + 1) === 123) {
      depth++
      j += 2
    } else if (c === 125 && text.charCodeAt(j + 1) === 125) {
      if (depth === 0) return j
      depth--
      j += 2
    } else j++
  }
  return -1
}
