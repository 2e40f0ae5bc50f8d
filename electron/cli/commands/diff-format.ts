// How `chatflow diff` prints a comparison: the summary's lines (shared/diff/summary.ts, the Publish dialog's own),
// each followed by a closer look at what it could only say "changed" about: a word diff of a long text
// ([-removed-]{+added+}, as git's --word-diff), and the leaves of a JSON value that differ.
import {
  describeField,
  jsonDiff,
  summaryEntries,
  wordDiff,
  type FieldDiff,
  type FlowComparison,
  type JsonDiffNode,
} from '../../../shared/diff'

const CONTEXT = 30
const JSON_LINES = 20
const SHORT = 60

export function formatComparison(c: FlowComparison): string[] {
  const out: string[] = []
  for (const entry of summaryEntries(c)) {
    out.push(entry.line)
    for (const f of entry.fields) out.push(...closer(f))
  }
  return out
}

function closer(f: FieldDiff): string[] {
  const name = f.path.replace(/^config\./, '')
  if (!describeField(f).endsWith(' changed')) return [] // the line already shows both values
  if (f.kind === 'text' && typeof f.before === 'string' && typeof f.after === 'string')
    return [`    ${name}: ${words(f.before, f.after)}`]
  if (f.kind !== 'json') return []
  const leaves: string[] = []
  walk(jsonDiff(f.before, f.after), '', leaves)
  const shown = leaves.slice(0, JSON_LINES).map((l) => `    ${l}`)
  return leaves.length > JSON_LINES ? [...shown, `    … ${leaves.length - JSON_LINES} more`] : shown
}

function words(a: string, b: string): string {
  const ops = wordDiff(a, b)
  return ops
    .map((op, i) => {
      const text = op.text.replace(/\r?\n/g, '↵')
      if (op.op === 'del') return `[-${text}-]`
      if (op.op === 'add') return `{+${text}+}`
      // Unchanged text is cut to some context either side of the changes.
      const first = i === 0
      const last = i === ops.length - 1
      if (first && text.length > CONTEXT) return `…${text.slice(-CONTEXT)}`
      if (last && text.length > CONTEXT) return `${text.slice(0, CONTEXT)}…`
      if (text.length > 2 * CONTEXT) return `${text.slice(0, CONTEXT)}…${text.slice(-CONTEXT)}`
      return text
    })
    .join('')
}

/** Each leaf that differs, at its path from the field ('result.items[2].id'). */
function walk(node: JsonDiffNode, at: string, out: string[]): void {
  const where = at || '(whole value)'
  if (node.op === 'same') return
  if (node.op === 'add') return void out.push(`+ ${where}: ${value(node.after)}`)
  if (node.op === 'del') return void out.push(`- ${where}: ${value(node.before)}`)
  if (!node.children) return void out.push(`~ ${where}: ${value(node.before)} → ${value(node.after)}`)
  const list = Array.isArray(node.after)
  for (const child of node.children)
    walk(child, list ? `${at}[${child.key}]` : at ? `${at}.${child.key}` : child.key, out)
}

function value(v: unknown): string {
  const text = JSON.stringify(v) ?? 'undefined'
  return text.length > SHORT ? `${text.slice(0, SHORT - 1)}…` : text
}
