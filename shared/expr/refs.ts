// Variable references for validation, "Used in X place(s)" and node rename.
import type { VarRef } from './types'
import { compileCached } from './template'

/** Every variable read, in plain placeholders and in inner braces of expressions, in text order. */
export function findVariableRefs(text: string): VarRef[] {
  return compileCached(text).refs.map((r) => ({ ...r, path: [...r.path] })) // cached and shared: hand out copies
}

/**
 * Renames the root of every variable read: {{old.x}} → {{new.x}}, {{ {{old}} * 2 }} → {{ {{new}} * 2 }}.
 * Text outside placeholders, string literals, function names and other roots are left as they are.
 */
export function renameRoot(text: string, oldRoot: string, newRoot: string): { text: string; count: number } {
  if (oldRoot === newRoot) return { text, count: 0 }
  const hits = findVariableRefs(text).filter((r) => r.path[0] === oldRoot)
  if (hits.length === 0) return { text, count: 0 }
  let out = ''
  let at = 0
  for (const r of hits) {
    out += text.slice(at, r.start) + newRoot
    at = r.start + oldRoot.length
  }
  return { text: out + text.slice(at), count: hits.length }
}
