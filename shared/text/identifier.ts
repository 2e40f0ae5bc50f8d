// Names and ids that people type or files carry (flow names and ids, node and edge ids, test, contact and server
// names): kept in Unicode's composed form (NFC), so one name typed on two systems is one name and sorts and searches
// as one; never holding control characters (NUL, ANSI escape sequences that repaint a terminal, the bidirectional
// overrides and marks, and the invisible spaces and joiners that make a name display as another); and well-formed
// UTF-16 (a lone surrogate cannot be stored as UTF-8: SQLite kept replacement bytes instead of the name). The zero
// width joiner and non-joiner stay: emoji sequences and several scripts (Persian, the Indic ones) need them.
import type { z } from 'zod'

const CONTROL = /[\p{Cc}\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/u
const LONE_SURROGATE = /\p{Cs}/u

/** Why `text` cannot be a name or id, or null. */
export function identifierProblem(text: string, what: string): string | null {
  if (LONE_SURROGATE.test(text)) return `${what} holds a broken character (half of a UTF-16 surrogate pair).`
  const control = CONTROL.exec(text)
  if (control) {
    const code = control[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')
    return `${what} holds an invisible control character (U+${code}); type it again without it.`
  }
  return null
}

/** `schema` (a string schema with its own length rules) normalised to NFC and refusing what identifierProblem does. */
export function identifier<T extends z.ZodString>(schema: T, what: string): T {
  return schema
    .overwrite((s) => s.normalize('NFC') as z.output<T>)
    .check((ctx) => {
      const problem = identifierProblem(ctx.value, what)
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value })
    }) as T
}

/**
 * A flow id is part of the webhook address (/chatbot-webhook/{id}/trigger) and of file names: letters, digits and
 * `_`, `-`, `.`, not starting with a dot (so never `.` or `..`), at most 128 characters.
 */
export const FLOW_ID = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}$/

export const FLOW_ID_RULE =
  "A flow id may hold only letters, digits, '_', '-' and '.' (not first), at most 128 characters: it is part of the webhook address."
