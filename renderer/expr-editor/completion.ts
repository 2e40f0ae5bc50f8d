// Completion from the shared completionContext: variable paths segment by segment (with their source), functions
// with signature and description, operators and keywords inside expressions.
import type {
  Completion,
  CompletionContext as CmContext,
  CompletionResult,
  CompletionSource,
} from '@codemirror/autocomplete'
import { completionContext, FUNCTION_DOCS } from '../../shared/expr'
import type { AvailableVariable } from '../../shared/analysis'
import { OPERATOR_DOCS } from './operators'

const SOURCE_LABEL: Record<AvailableVariable['source'], string> = {
  system: 'system',
  interaction: 'last interaction',
  input: 'input of this flow',
  trigger: 'trigger',
  node: 'node output',
  sample: 'sample response',
}

function describe(v: AvailableVariable): string {
  return `${v.type} · ${SOURCE_LABEL[v.source]}${v.nodeName ? ` (${v.nodeName})` : ''}`
}

/** Next path segments under `parent` (root names when empty), one option per distinct segment. */
export function segmentOptions(vars: readonly AvailableVariable[], parent: readonly string[]): Completion[] {
  const prefix = parent.length ? parent.join('.') + '.' : ''
  const seen = new Map<string, Completion>()
  for (const v of vars) {
    if (!v.path.startsWith(prefix)) continue
    const rest = v.path.slice(prefix.length).split('.')
    const seg = rest[0]!
    if (!seg) continue
    const exact = rest.length === 1
    const prev = seen.get(seg)
    if (prev && !exact) continue
    seen.set(seg, {
      label: seg,
      type: exact ? 'variable' : 'namespace',
      detail: exact ? describe(v) : `${v.nodeName ?? seg} · ${SOURCE_LABEL[v.source]}`,
      info: exact ? v.description : undefined,
    })
  }
  return [...seen.values()]
}

export function functionOptions(): Completion[] {
  return FUNCTION_DOCS.map((f) => ({
    label: f.name,
    type: 'function',
    detail: f.signature,
    info: `${f.description}\nExample: ${f.example}`,
    apply: `${f.name}(`,
  }))
}

const KEYWORD_OPTIONS: Completion[] = OPERATOR_DOCS.filter((o) => o.category === 'Keywords').map((o) => ({
  label: o.symbol,
  type: 'keyword',
  info: o.description,
}))
const OPERATOR_OPTIONS: Completion[] = OPERATOR_DOCS.filter((o) => o.category !== 'Keywords').map((o) => ({
  label: o.symbol,
  type: 'operator',
  detail: o.category.toLowerCase(),
  info: o.description,
  apply: ` ${o.symbol} `,
}))

/** True when the `{{` just before `from` opens a placeholder in plain text (not an inner variable brace). */
function atOuterRoot(text: string, from: number): boolean {
  const open = text.lastIndexOf('{{', from)
  return open >= 0 && completionContext(text, open).kind === 'text'
}

/** Completion at `pos` of `text`, or null where nothing can be offered (inside a string literal). */
export function templateCompletions(
  text: string,
  pos: number,
  vars: readonly AvailableVariable[],
  explicit: boolean,
): CompletionResult | null {
  const c = completionContext(text, pos)
  switch (c.kind) {
    case 'none':
      return null
    case 'text': {
      // In literal text a placeholder only comes on request (Ctrl+Space) or right after a single '{'.
      const brace = text.slice(0, pos).endsWith('{')
      if (!explicit && !brace) return null
      const from = brace ? pos - 1 : pos
      const options = segmentOptions(vars, []).map((o) => ({ ...o, apply: `{{${o.label}}}` }))
      return { from, options }
    }
    case 'variable': {
      const options = segmentOptions(vars, c.parent)
      // `{{ro` may start a variable or a function: at the root of the outer placeholder offer both.
      if (c.parent.length === 0 && atOuterRoot(text, c.from)) options.push(...functionOptions(), ...KEYWORD_OPTIONS)
      return { from: c.from, to: c.to, options, validFor: /^[A-Za-z0-9_-]*$/ }
    }
    case 'expression': {
      const vOpts = segmentOptions(vars, []).map((o) => ({
        ...o,
        apply: `{{${o.label}` + (o.type === 'variable' ? '}}' : '.'),
        boost: -1,
      }))
      const options = [
        ...functionOptions(),
        ...KEYWORD_OPTIONS,
        ...(c.partial === '' ? OPERATOR_OPTIONS : []),
        ...vOpts,
      ]
      return { from: c.from, to: c.to, options, validFor: /^[A-Za-z0-9_]*$/ }
    }
  }
}

export function templateCompletionSource(getVars: () => readonly AvailableVariable[]): CompletionSource {
  return (ctx: CmContext) => templateCompletions(ctx.state.doc.toString(), ctx.pos, getVars(), ctx.explicit)
}
