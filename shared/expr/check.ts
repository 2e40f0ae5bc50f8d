// Diagnostics for the editor and validation: syntax, static errors, and (given a resolver that knows the flow's
// variables and sample responses) warnings for unknown variables and paths a sample response does not have.
import type { Diagnostic } from './types'
import { compileCached } from './template'
import { checkKinds } from './semantics'
import { splitTemplate } from './split'
import { parseCode } from './parser'
import { segmentSpans } from './paths'
import { didYouMean } from '../text/did-you-mean'

export interface CheckContext {
  resolve?(path: string[]): 'ok' | 'unknown-root' | { unknownFrom: number }
  /** The value a path has in the flow's sample responses (undefined when not known): enables wrong-kind warnings. */
  sampleValue?(path: string[]): unknown
  /** The names a variable may start with: an unknown one is answered with the closest ("did you mean"). */
  roots?(): Iterable<string>
}

export function checkTemplate(text: string, ctx?: CheckContext): Diagnostic[] {
  const compiled = compileCached(text)
  const out = [...compiled.diagnostics] // the compiled template is cached and shared: hand out a copy
  if (ctx?.sampleValue && !out.some((d) => d.severity === 'error')) {
    // Kind checks need the trees; parse again rather than keep every cached template's tree alive.
    for (const c of splitTemplate(text).chunks)
      if (c.kind === 'code') checkKinds(parseCode(c.source, c.start + 2).expr, ctx.sampleValue, out)
  }
  if (!ctx?.resolve) return out.sort((a, b) => a.start - b.start)
  for (const ref of compiled.refs) {
    const r = ctx.resolve(ref.path)
    if (r === 'ok') continue
    const spans = segmentSpans(ref.path, ref.start)
    if (r === 'unknown-root' || ref.path.length === 1) {
      const near = ctx.roots ? didYouMean(ref.path[0]!, ctx.roots()) : undefined
      const hint = near ? `: did you mean {{${near}}}?` : ''
      out.push({
        severity: 'warning',
        code: 'unknown-variable',
        message: `unknown variable or node '${ref.path[0]}'${hint}`,
        start: spans[0]!.start,
        end: spans[0]!.end,
      })
      continue
    }
    const i = Math.min(Math.max(r.unknownFrom, 1), ref.path.length - 1)
    const owner = ref.path.slice(0, i).join('.')
    out.push({
      severity: 'warning',
      code: 'unknown-path',
      message: `'${owner}' has no field '${ref.path[i]}' in its sample response`,
      start: spans[i]!.start,
      end: ref.end,
    })
  }
  return out.sort((a, b) => a.start - b.start)
}
