// The comparisons in a Script's code and the slips a hand makes in them (> for >=, === for !==), and the constants it
// compares with: what the generator needs to test a Script at its own boundaries (script-goals.ts), and what the
// mutation check changes. A scan, not a parser: strings, template literals and comments are skipped; a regular
// expression literal holding a comparison character would be misread, which only costs a goal nobody can meet.

export interface Slip {
  /** Offset of the operator in the code. */
  at: number
  op: string
  to: string
}

// Longest first; operators that are not comparisons (shifts, arrows, assignment) are listed to be stepped over.
const OPERATORS: Array<[string, string]> = [
  ['===', '!=='],
  ['!==', '==='],
  ['>>', ''],
  ['<<', ''],
  ['=>', ''],
  ['==', '!='],
  ['!=', '=='],
  ['>=', '>'],
  ['<=', '<'],
  ['>', '>='],
  ['<', '<='],
  ['=', ''],
]

interface Token {
  kind: 'op' | 'number' | 'string'
  at: number
  text: string
}

function scan(code: string): Token[] {
  const out: Token[] = []
  for (let i = 0; i < code.length;) {
    const ch = code[i]!
    if (ch === '/' && code[i + 1] === '/') {
      const end = code.indexOf('\n', i)
      i = end < 0 ? code.length : end
      continue
    }
    if (ch === '/' && code[i + 1] === '*') {
      const end = code.indexOf('*/', i + 2)
      i = end < 0 ? code.length : end + 2
      continue
    }
    if (ch === "'" || ch === '"' || ch === '`') {
      let j = i + 1
      while (j < code.length && code[j] !== ch) j += code[j] === '\\' ? 2 : 1
      out.push({ kind: 'string', at: i, text: code.slice(i + 1, j) })
      i = j + 1
      continue
    }
    const number = /^\d+(?:\.\d+)?/.exec(code.slice(i, i + 32))
    if (number && !/[\w$.]/.test(code[i - 1] ?? '')) {
      out.push({ kind: 'number', at: i, text: number[0] })
      i += number[0].length
      continue
    }
    if (/[\w$]/.test(ch)) {
      while (i < code.length && /[\w$]/.test(code[i]!)) i++
      continue
    }
    const op = OPERATORS.find(([o]) => code.startsWith(o, i))
    if (op) {
      if (op[1]) out.push({ kind: 'op', at: i, text: op[0] })
      i += op[0].length
      continue
    }
    i++
  }
  return out
}

/** Each comparison operator of the code with its near neighbour. */
export function comparisonsIn(code: string): Slip[] {
  return scan(code)
    .filter((t) => t.kind === 'op')
    .map((t) => ({ at: t.at, op: t.text, to: OPERATORS.find(([o]) => o === t.text)![1] }))
}

/** The code with one slip made. */
export function withSlip(code: string, s: Slip): string {
  return code.slice(0, s.at) + s.to + code.slice(s.at + s.op.length)
}

/** Line and column (1-based) of an offset, for names a person can find. */
export function lineOf(code: string, at: number): string {
  const before = code.slice(0, at).split('\n')
  return `line ${before.length}, column ${before.at(-1)!.length + 1}`
}

/**
 * Values worth typing where an answer reaches the Script: its constants, what one constant makes of another by
 * dividing (a price per square metre of 40 and a threshold of 5000 meet at 125), one either side of each, its
 * strings, then products of two constants. At most `limit`, in that order.
 */
export function scriptCandidates(code: string, limit = 60): unknown[] {
  const tokens = scan(code)
  const numbers = [...new Set(tokens.filter((t) => t.kind === 'number').map((t) => Number(t.text)))]
  const out: unknown[] = [...numbers]
  const quotients: number[] = []
  for (const a of numbers)
    for (const b of numbers) {
      const q = a / b
      if (a !== b && b !== 0 && Number.isInteger(q)) quotients.push(q)
    }
  // The boundaries themselves first, then one either side (each a conversation: the order is the cost).
  out.push(...quotients)
  for (const n of [...numbers, ...quotients]) out.push(n - 1, n + 1)
  out.push(...tokens.filter((t) => t.kind === 'string' && t.text.trim() && t.text.length <= 40).map((t) => t.text))
  for (const a of numbers) for (const b of numbers) if (a < b) out.push(a * b)
  return [...new Set(out)].filter((v) => typeof v !== 'number' || Math.abs(v) <= 1e9).slice(0, limit)
}
