import { diffSequences } from './sequence'
import type { JsonDiffNode } from './types'

// Values compared as JSON: key order is not a difference, and a tree diff of two values for the field views
// (samples, mappings, lists that grew or shrank).

/** JSON with object keys sorted, so two equal values compare equal whatever their key order. */
export function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson(o[k])}`)
      .join(',')}}`
  }
  return JSON.stringify(v) ?? 'null'
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

export const sameJson = (a: unknown, b: unknown): boolean => a === b || stableJson(a) === stableJson(b)

/** The keys of both objects: after's in its order, then those only before has. */
export function unionKeys(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = Object.keys(after).filter((k) => after[k] !== undefined)
  for (const k of Object.keys(before))
    if (before[k] !== undefined && !(k in after && after[k] !== undefined)) keys.push(k)
  return keys
}

/**
 * A tree of what differs between two JSON values. Objects are matched by key; arrays are aligned by the longest
 * common run of equal elements, and a removed element facing an added one at the same place is one change of that
 * element (diffed inside when both are objects or arrays). Keys are strings: an object key or an array index
 * (after's index, before's for a removed element).
 */
export function jsonDiff(a: unknown, b: unknown, key = ''): JsonDiffNode {
  if (a === undefined && b === undefined) return { key, op: 'same' }
  if (a === undefined) return { key, op: 'add', after: b }
  if (b === undefined) return { key, op: 'del', before: a }
  if (sameJson(a, b)) return { key, op: 'same', before: a, after: b }
  if (isObject(a) && isObject(b)) {
    return { key, op: 'change', before: a, after: b, children: unionKeys(a, b).map((k) => jsonDiff(a[k], b[k], k)) }
  }
  if (Array.isArray(a) && Array.isArray(b)) return { key, op: 'change', before: a, after: b, children: arrayDiff(a, b) }
  return { key, op: 'change', before: a, after: b }
}

function arrayDiff(a: unknown[], b: unknown[]): JsonDiffNode[] {
  const ops = diffSequences(a.map(stableJson), b.map(stableJson), 500)
  const out: JsonDiffNode[] = []
  let dels: number[] = []
  let adds: number[] = []
  const flush = () => {
    const paired = Math.min(dels.length, adds.length)
    for (let i = 0; i < paired; i++) out.push(jsonDiff(a[dels[i]!], b[adds[i]!], String(adds[i])))
    for (const i of dels.slice(paired)) out.push({ key: String(i), op: 'del', before: a[i] })
    for (const i of adds.slice(paired)) out.push({ key: String(i), op: 'add', after: b[i] })
    dels = []
    adds = []
  }
  for (const op of ops) {
    if (op.op === 'del') dels.push(op.a)
    else if (op.op === 'add') adds.push(op.b)
    else {
      flush()
      out.push({ key: String(op.b), op: 'same', before: a[op.a], after: b[op.b] })
    }
  }
  flush()
  return out
}
