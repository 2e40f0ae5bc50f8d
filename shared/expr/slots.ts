// Hands out the generated closures (readers, shells, parts-shells .generated.ts; why: scripts/gen-expr-readers.mjs).
// A key keeps its reader, so every template reading `price` reads it through the same literal, which sees only that
// key; templates take shells in turn. Beyond the copies they are shared round-robin: still exact, less specialised.
import type { Evaluator } from './functions/types'
import { READERS } from './readers.generated'
import { SHELLS } from './shells.generated'
import { PARTS_SHELLS } from './parts-shells.generated'

const readers = new Map<string, Evaluator>()
const MAX_KEYS = 10_000

/**
 * The reader of one top-level variable: its own property of the session, undefined when it has none. A key keeps
 * one closure: a call site that always meets the same function can inline it (V8 does not inline one of many
 * closures made by the same literal).
 */
export function readerOf(key: string): Evaluator {
  let reader = readers.get(key)
  if (reader === undefined) {
    if (readers.size >= MAX_KEYS) readers.clear() // keys come from authors' texts: keep the table bounded
    reader = READERS[readers.size % READERS.length]!(key)
    readers.set(key, reader)
  }
  return reader
}

let shells = 0

/** The next template's shell: a literal of its own for as long as the slots last. */
export function nextShell(): (typeof SHELLS)[number] {
  shells = (shells + 1) % SHELLS.length
  return SHELLS[shells]!
}

let partsShells = 0

/** The next shell for a template of text and placeholders. */
export function nextPartsShell(): (typeof PARTS_SHELLS)[number] {
  partsShells = (partsShells + 1) % PARTS_SHELLS.length
  return PARTS_SHELLS[partsShells]!
}
