import { diffSequences } from './sequence'
import type { WordOp } from './types'

// A word-level diff of two texts (message templates, expressions, bodies): words, runs of spaces and single
// punctuation marks are the tokens, so "{{ask.answer}}" → "{{ask_age.answer}}" shows as the name changing, not
// the whole placeholder. Joining the 'same' and 'del' runs gives the first text back, 'same' and 'add' the second.

const TOKEN = /[\p{L}\p{N}_]+|\s+|[^\p{L}\p{N}_\s]/gu

export function tokens(text: string): string[] {
  return text.match(TOKEN) ?? []
}

const MEANINGFUL = /[\p{L}\p{N}]/u

export function wordDiff(a: string, b: string): WordOp[] {
  const ta = tokens(a)
  const tb = tokens(b)
  const ops: WordOp[] = diffSequences(ta, tb).map((s) => ({ op: s.op, text: s.op === 'add' ? tb[s.b]! : ta[s.a]! }))
  // A space or a full stop that two rewritten stretches happen to share is not worth showing as kept: it would cut
  // one replacement into many. Between changes, kept runs without a letter or digit count as changed.
  const out: WordOp[] = []
  let dels = ''
  let adds = ''
  const push = (op: WordOp['op'], text: string) => {
    const last = out[out.length - 1]
    if (last && last.op === op) last.text += text
    else out.push({ op, text })
  }
  // Removed words first, then the ones that replace them, so a replacement reads "old new".
  const flush = () => {
    if (dels) push('del', dels)
    if (adds) push('add', adds)
    dels = adds = ''
  }
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i]!
    if (op.op === 'del') dels += op.text
    else if (op.op === 'add') adds += op.text
    else {
      let j = i
      let run = ''
      while (j < ops.length && ops[j]!.op === 'same') run += ops[j++]!.text
      const between = (dels || adds) && j < ops.length
      if (between && !MEANINGFUL.test(run)) {
        dels += run
        adds += run
      } else {
        flush()
        push('same', run)
      }
      i = j - 1
    }
  }
  flush()
  return out
}
