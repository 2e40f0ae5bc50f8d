// What a Chat Flow declares to the analyses (shared/nodes/behaviour.ts): a form submission, every required field
// filled; for the generator's search, each field a rule reads with the values the field can be submitted with (only
// the options it offers, numbers as numbers); for the fuzzer, mostly fitting submissions and some careless ones.
import { displayValue, type Vars } from '../../expr'
import type { Pool } from '../../rules/search'
import { candidatesFor } from '../../rules/synthesis'
import { setPath } from '../../rules/vars'
import type { AnswerSource, Chance, CustomerInput, NodeAnswers } from '../behaviour'
import { formFields, type ChatFlowConfig, type FormField } from './definition'

const DATE = /^\d{4}-\d{2}-\d{2}$/
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function describeForm(form: Record<string, unknown>): string {
  return Object.entries(form)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(' ')
}

const formOf = (input: CustomerInput) =>
  typeof input === 'object' && 'form' in input ? input.form : ({} as Record<string, unknown>)

export const chatFlowAnswers: NodeAnswers<ChatFlowConfig> = {
  samples(c) {
    const form = formSource(c, '').input({}) as { form: Record<string, unknown> }
    return [{ input: form, label: `submitted ${describeForm(form.form)}` }]
  },
  source: (c, name) => formSource(c, name),
  random(c, _ctx, _waiting, rnd, extra) {
    if (rnd.chance(0.2)) return rnd.text(extra)
    return { form: randomForm(c, rnd) }
  },
  formId: (c) => c.flowId,
  typingHint(c) {
    const names = c.screens.flatMap((s) => s.fields.map((f) => f.name).filter((n) => !!n))
    const example = names.length ? `{${names.map((n) => `"${n}": "…"`).join(', ')}}` : '{"field": "value"}'
    return `(a form: type its answers as one JSON object, e.g. ${example})`
  },
}

function formSource(c: ChatFlowConfig, name: string): AnswerSource {
  const fields = formFields(c).filter((f) => f.name)
  const fieldOf = (p: string): FormField | undefined => {
    const mapped = c.responseMapping.find((m) => m.variable.trim() === p)
    const field = mapped ? mapped.field : p.startsWith(`${name}.response.`) ? p.split('.')[2] : undefined
    return fields.find((f) => f.name === field)
  }
  return {
    owns: (p) => fieldOf(p) !== undefined,
    pools(paths, groups): Pool[] {
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
    /** A submission: every required field filled, the picked fields as picked. */
    input(picks) {
      const out: Record<string, unknown> = {}
      for (const f of fields) if (f.required) out[f.name] = domain(f, [])[0]
      for (const [k, v] of Object.entries(picks)) if (k.startsWith('field:')) out[k.slice(6)] = v
      return { form: out }
    },
    label: (input) => `submitted ${describeForm(formOf(input))}`,
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

/** Mostly fitting submissions, some with values of the wrong kind or required fields left out. */
function randomForm(c: ChatFlowConfig, rnd: Chance): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  const careless = rnd.chance(0.3)
  for (const f of formFields(c)) {
    if (!f.name || (!f.required && rnd.chance(0.3)) || (careless && rnd.chance(0.3))) continue
    if (careless && rnd.chance(0.5)) {
      out[f.name] = rnd.json(1)
      continue
    }
    const ids = f.options.map((o) => o.id)
    out[f.name] =
      f.type === 'radio' || f.type === 'dropdown'
        ? ids.length
          ? rnd.pick(ids)
          : ''
        : f.type === 'checkbox'
          ? ids.filter(() => rnd.chance(0.5))
          : f.type === 'opt_in'
            ? rnd.chance(0.5)
            : f.type === 'number'
              ? rnd.pick([0, -1, rnd.int(-100, 100000)])
              : f.type === 'email'
                ? 'test@example.com'
                : f.type === 'date'
                  ? '2030-01-15'
                  : rnd.text()
  }
  return out
}
