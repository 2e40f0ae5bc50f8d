// Values the customer types or submits: a Question's answer (checked by the node's own parser, so a number question
// only ever gets numbers in its range) and a Chat Flow form's fields (only the options a field offers).
import { displayValue, type Vars } from '../expr'
import type { ChatFlowConfig, FormField } from '../nodes/chat_flow/definition'
import { formFields } from '../nodes/chat_flow/definition'
import type { QuestionConfig } from '../nodes/question/definition'
import type { Pool } from '../rules/search'
import { candidatesFor } from '../rules/synthesis'
import { setPath } from '../rules/vars'
import { answerText, matchingPattern, validAnswers } from './answers'
import type { FlowIndex } from './flow-index'
import type { Source } from './targets'

export interface QuestionSource extends Source {
  /** The text to type for a saved value the search picked. */
  textOf(saved: unknown): string
}

export function questionSource(ix: FlowIndex, node: number): QuestionSource {
  const c = ix.graph.config(node) as QuestionConfig
  const name = ix.graph.nodes[node]!.name
  const texts = new Map<string, string>()
  const key = (v: unknown) => typeof v + ':' + displayValue(v)
  return {
    node,
    owns: (p) => p === c.saveTo || p === `${name}.answer`,
    pools(paths, groups) {
      const values: unknown[] = []
      const cands = [...paths.flatMap((p) => candidatesFor(p, groups)), ...validAnswers(c, ix.answers)]
      for (const cand of cands.flatMap((x) => [x, ...shapedAs(c, displayValue(x))])) {
        const a = answerText(cand, c, ix.answers)
        if (!a || texts.has(key(a.saved))) continue
        texts.set(key(a.saved), a.text)
        values.push(a.saved)
      }
      return [
        {
          path: '__answer',
          values,
          apply: (v: Vars, x: unknown) => setPath(setPath(v, c.saveTo, x), `${name}.answer`, x),
        },
      ]
    },
    textOf: (saved) => texts.get(key(saved)) ?? displayValue(saved),
  }
}

/**
 * A candidate bent into the answer type, keeping its length where it can: a rule on length({{email}}) < 10 needs a
 * short address, not the nine letters the length gave.
 */
function shapedAs(c: QuestionConfig, t: string): string[] {
  if (!t) return []
  switch (c.answerType) {
    case 'email':
      return [`${t}@example.com`, `user@${t}`, `${'a'.repeat(Math.max(1, t.length - 5))}@b.co`]
    case 'phone':
      return [`+1${'5'.repeat(Math.max(6, t.replace(/\D/g, '').length - 1))}`]
    case 'text':
      return c.max !== null ? [t.slice(0, c.max)] : []
    case 'regex':
      // A rule's prefix or suffix laid over strings the pattern matches: GY over AB-12345 is GY-12345.
      return matchingPattern(c.pattern).flatMap((s) =>
        t.length <= s.length ? [t + s.slice(t.length), s.slice(0, s.length - t.length) + t] : [],
      )
    default:
      return []
  }
}

export interface FormSource extends Source {
  /** A submission: every required field filled, the picked fields as picked. */
  submission(picks: Record<string, unknown>): Record<string, unknown>
}

const DATE = /^\d{4}-\d{2}-\d{2}$/
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function formSource(ix: FlowIndex, node: number): FormSource {
  const c = ix.graph.config(node) as ChatFlowConfig
  const name = ix.graph.nodes[node]!.name
  const fields = formFields(c).filter((f) => f.name)
  const fieldOf = (p: string): FormField | undefined => {
    const mapped = c.responseMapping.find((m) => m.variable.trim() === p)
    const field = mapped ? mapped.field : p.startsWith(`${name}.response.`) ? p.split('.')[2] : undefined
    return fields.find((f) => f.name === field)
  }
  return {
    node,
    owns: (p) => fieldOf(p) !== undefined,
    pools(paths, groups) {
      const used = [...new Set(paths.map(fieldOf).filter((f): f is FormField => !!f))]
      return used.map((f) => {
        const cands = paths.filter((p) => fieldOf(p) === f).flatMap((p) => candidatesFor(p, groups))
        return {
          path: `field:${f.name}`,
          values: domain(f, cands),
          apply: (v: Vars, x: unknown) => {
            let out = setPath(v, `${name}.response.${f.name}`, x)
            for (const m of c.responseMapping)
              if (m.field === f.name && m.variable.trim()) out = setPath(out, m.variable.trim(), x)
            return out
          },
        } satisfies Pool
      })
    },
    submission(picks) {
      const out: Record<string, unknown> = {}
      for (const f of fields) if (f.required) out[f.name] = domain(f, [])[0]
      for (const [k, v] of Object.entries(picks)) if (k.startsWith('field:')) out[k.slice(6)] = v
      return out
    },
  }
}

/** The values a field can be submitted with, as the form's check keeps them (numbers as numbers). */
function domain(f: FormField, cands: unknown[]): unknown[] {
  const ids = f.options.map((o) => o.id)
  const texts = cands.map(displayValue)
  switch (f.type) {
    case 'radio':
    case 'dropdown':
      return f.required ? ids : [...ids, '']
    case 'checkbox':
      return [...ids.map((id) => [id]), ...(f.required ? [] : [[]])]
    case 'opt_in':
      return f.required ? [true] : [true, false]
    case 'number':
      return [...new Set([...cands.map(Number).filter(Number.isFinite), 1])]
    case 'email':
      return [...new Set([...texts.filter((t) => EMAIL.test(t)), 'test@example.com'])]
    case 'date':
      return [...new Set([...texts.filter((t) => DATE.test(t)), '2030-01-15'])]
    case 'text':
      return [...new Set([...texts.filter((t) => !f.required || t.trim()), 'Test'])]
  }
}
