// Test values for the live preview: every variable the text reads, with its value from the node's samples unless
// the author typed one; typed values become numbers or booleans when they read as one, as a channel payload would.
import { findVariableRefs, lookupPath, type Vars } from '../../shared/expr'

export function referencedPaths(text: string): string[] {
  return [...new Set(findVariableRefs(text).map((r) => r.path.join('.')))]
}

export function parseTestValue(raw: string): unknown {
  const t = raw.trim()
  if (t === 'true') return true
  if (t === 'false') return false
  if (t !== '' && /^-?\d+(\.\d+)?$/.test(t)) return Number(t)
  return raw
}

export function sampleValueText(samples: Record<string, unknown>, path: string): string {
  const v = lookupPath(samples, path.split('.'))
  if (v === undefined || v === null) return ''
  return typeof v === 'object' ? JSON.stringify(v) : String(v)
}

function setPath(target: Record<string, unknown>, segs: string[], value: unknown): void {
  let cur = target
  segs.slice(0, -1).forEach((s) => {
    const next = cur[s]
    cur = cur[s] = next !== null && typeof next === 'object' ? (next as Record<string, unknown>) : {}
  })
  cur[segs[segs.length - 1]!] = value
}

/** Session variables for the preview: the samples (deep-copied), overlaid with the typed test values. */
export function previewVars(samples: Record<string, unknown>, tests: Record<string, string>): Vars {
  const vars = structuredClone(samples) as Record<string, unknown>
  for (const [path, raw] of Object.entries(tests)) {
    const segs = path.split('.')
    if (segs.some((s) => s === '__proto__' || s === 'constructor' || s === 'prototype')) continue
    setPath(vars, segs, parseTestValue(raw))
  }
  return vars
}
