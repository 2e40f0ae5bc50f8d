// A submitted form checked against the node's own form definition. The phone checks fields before sending, but
// the submission arrives from outside (the channel, a test, an older version of the form), so the run trusts only
// what matches the definition: required fields present, each value of its field's type, choices among the options.
import type { FormField } from './definition'

export type FieldValue = string | number | boolean | string[]

export interface CheckedForm {
  /** Declared fields only, typed: number → number, checkbox → list of option ids, opt-in → boolean. */
  values: Record<string, FieldValue>
  problems: string[]
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

export function checkSubmission(fields: readonly FormField[], response: Record<string, unknown>): CheckedForm {
  const values: Record<string, FieldValue> = {}
  const problems: string[] = []
  for (const f of fields) {
    if (!f.name) continue
    const raw = response[f.name]
    if (blank(raw)) {
      if (f.required) problems.push(`${f.name} is required`)
      values[f.name] = emptyOf(f)
      continue
    }
    const checked = checkField(f, raw)
    if (typeof checked === 'object' && checked !== null && 'problem' in checked)
      problems.push(`${f.name} ${checked.problem}`)
    else values[f.name] = checked
  }
  return { values, problems }
}

/** What an unanswered optional field holds, so a mapped variable is always of its field's type. */
export function emptyOf(f: FormField): FieldValue {
  if (f.type === 'checkbox') return []
  if (f.type === 'opt_in') return false
  return ''
}

function blank(v: unknown): boolean {
  return v === undefined || v === null || v === '' || v === false || (Array.isArray(v) && v.length === 0)
}

function checkField(f: FormField, raw: unknown): FieldValue | { problem: string } {
  const ids = new Set(f.options.map((o) => o.id))
  switch (f.type) {
    case 'text':
      return typeof raw === 'string' ? raw : { problem: `must be text, got ${JSON.stringify(raw)}` }
    case 'number': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() ? Number(raw) : NaN
      return Number.isFinite(n) ? n : { problem: `must be a number, got ${JSON.stringify(raw)}` }
    }
    case 'email':
      return typeof raw === 'string' && EMAIL.test(raw.trim())
        ? raw.trim()
        : { problem: `must be an email address, got ${JSON.stringify(raw)}` }
    case 'date':
      return typeof raw === 'string' && validDate(raw)
        ? raw
        : { problem: `must be a date written YYYY-MM-DD, got ${JSON.stringify(raw)}` }
    case 'dropdown':
    case 'radio':
      return typeof raw === 'string' && ids.has(raw)
        ? raw
        : { problem: `must be one of ${[...ids].join(', ')}, got ${JSON.stringify(raw)}` }
    case 'checkbox': {
      const list = Array.isArray(raw) ? raw : [raw]
      const bad = list.filter((x) => typeof x !== 'string' || !ids.has(x))
      return bad.length
        ? { problem: `has options that are not in the form: ${JSON.stringify(bad)}` }
        : (list as string[])
    }
    case 'opt_in':
      if (raw === true || raw === 'true') return true
      return { problem: `must be true or false, got ${JSON.stringify(raw)}` }
  }
}

function validDate(s: string): boolean {
  const m = DATE.exec(s)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
}
