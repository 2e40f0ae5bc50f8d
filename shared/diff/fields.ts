import { isObject, sameJson, unionKeys } from './json'
import type { FieldDiff } from './types'

// The fields of two values that differ, as paths a person can follow: objects are walked key by key and lists of
// the same length item by item, down to DEPTH levels ('config.buttons[1].title'); below that, or where a list grew
// or shrank or a value changed shape, the whole value is one 'json' field, shown as a tree diff.

const DEPTH = 3
const WORD = /^[\w.:-]{1,40}$/

type Segment = string | number

export function fieldDiffs(before: unknown, after: unknown, root: Segment[], out: FieldDiff[] = []): FieldDiff[] {
  walk(before, after, root, 0, out)
  return out
}

function walk(before: unknown, after: unknown, path: Segment[], depth: number, out: FieldDiff[]): void {
  if (sameJson(before, after)) return
  if (depth < DEPTH && isObject(before) && isObject(after)) {
    for (const k of unionKeys(before, after)) walk(before[k], after[k], [...path, k], depth + 1, out)
    return
  }
  if (depth < DEPTH && Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    for (let i = 0; i < after.length; i++) walk(before[i], after[i], [...path, i], depth + 1, out)
    return
  }
  out.push(field(path, before, after))
}

export function field(path: Segment[], before: unknown, after: unknown): FieldDiff {
  return { path: pathText(path), label: labelOf(path), kind: kindOf(before, after), before, after }
}

export function kindOf(before: unknown, after: unknown): FieldDiff['kind'] {
  const container = (v: unknown) => typeof v === 'object' && v !== null
  if (container(before) || container(after)) return 'json'
  // A single word on both sides (an enum such as GET or keyword, a variable name) reads better as before → after.
  const word = (v: unknown) => v === undefined || (typeof v === 'string' && WORD.test(v))
  if (word(before) && word(after) && (before !== undefined || after !== undefined)) return 'value'
  const text = (v: unknown) => typeof v === 'string' || v === undefined
  return text(before) && text(after) ? 'text' : 'value'
}

/** 'config.buttons[1].title' */
export function pathText(path: Segment[]): string {
  let s = ''
  for (const seg of path) s += typeof seg === 'number' ? `[${seg}]` : s ? `.${seg}` : seg
  return s
}

/** 'Buttons 2 › Title': the config's own keys in words, lists counted from 1, without the leading 'config'. */
export function labelOf(path: Segment[]): string {
  const parts: string[] = []
  for (const seg of path[0] === 'config' ? path.slice(1) : path) {
    if (typeof seg === 'number' && parts.length) parts[parts.length - 1] += ` ${seg + 1}`
    else parts.push(words(String(typeof seg === 'number' ? seg + 1 : seg)))
  }
  return parts.join(' › ') || 'Settings'
}

function words(key: string): string {
  const spaced = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()
  return spaced.charAt(0).toUpperCase() + spaced.slice(1)
}
