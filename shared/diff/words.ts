import { diffSequences } from './sequence'
import type { WordOp } from './types'

// A word-level diff of two texts (message templates, expressions, bodies): words, runs of spaces and single
// punctuation marks are the tokens, so "{{ask.answer}}" → "{{ask_age.answer}}" shows as the name changing, not
// the whole placeholder. Joining the 'same' and 'del' runs gives the first text back, 'same' and 'add' the second.

const TOKEN = /[\p{L}\p{N}_]+|\s+|[^\p{L}\p{N}_\s]/gu

export function tokens(text: string): string[] {
  return text.match(TOKEN) ?? []
}

export function wordDiff(a: string, b: string): WordOp[] {
  const ta = tokens(a)
  const tb = tokens(b)
  const out: WordOp[] = []
  const push = (op: WordOp['op'], text: string) => {
    const last = out[out.length - 1]
    if (last && last.op === op) last.text += text
    else out.push({ op, text })
  }
  // Removed words first, then the ones that replace them, so a replacement reads "old new".
  let dels = ''
  let adds = ''
  const flush = () => {
    if (dels) push('del', dels)
    if (adds) push('add', adds)
    dels = adds = ''
  }
  for (const op of diffSequences(ta, tb)) {
    if (op.op === 'del') dels += ta[op.a]
    else if (op.op === 'add') adds += tb[op.b]
    else {
      flush()
      push('same', ta[op.a]!)
    }
  }
  flush()
  return out
}
