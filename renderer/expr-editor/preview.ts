// Values for the live preview: every variable the text reads, from the node's samples or from the open emulator
// session (the author's choice), unless the author typed one; typed values become numbers or booleans when they
// read as one, as a channel payload would.
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

/** Where the preview's values come from: the emulator session's variables laid over the samples, or samples only. */
export type ValueSource = 'session' | 'samples'
export type ValueOrigin = 'session' | 'sample' | null

/** The values before any typed test value: a copy of the samples, with each variable the session has replacing
 *  the sample of the same name when the session is the chosen source. Never the flow document itself. */
export function baseValues(
  samples: Record<string, unknown>,
  session: Vars | null,
  source: ValueSource,
): Record<string, unknown> {
  const base = structuredClone(samples) as Record<string, unknown>
  if (source === 'session' && session) Object.assign(base, structuredClone(session))
  return base
}

/** Which source gives `path` its value (a typed value aside), for the label beside each test field. */
export function valueOrigin(
  samples: Record<string, unknown>,
  session: Vars | null,
  source: ValueSource,
  path: string,
): ValueOrigin {
  const segs = path.split('.')
  if (source === 'session' && session && lookupPath(session, segs) !== undefined) return 'session'
  return lookupPath(samples, segs) !== undefined ? 'sample' : null
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

/** Session variables for the preview: the base values (deep-copied), overlaid with the typed test values. */
export function previewVars(base: Record<string, unknown>, tests: Record<string, string>): Vars {
  const vars = structuredClone(base) as Record<string, unknown>
  for (const [path, raw] of Object.entries(tests)) {
    const segs = path.split('.')
    if (segs.some((s) => s === '__proto__' || s === 'constructor' || s === 'prototype')) continue
    setPath(vars, segs, parseTestValue(raw))
  }
  return vars
}
