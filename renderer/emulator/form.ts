import type { FormField } from '../../shared/nodes/chat_flow/definition'

// Chat Flow form rules as the customer's phone applies them before it lets a screen go on.

export type FormValue = string | boolean | string[]

export function emptyValue(f: FormField): FormValue {
  if (f.type === 'checkbox') return []
  if (f.type === 'opt_in') return false
  return ''
}

/** The message under a field, or null when its value may be sent. */
export function fieldError(f: FormField, v: FormValue): string | null {
  const blank = v === '' || v === false || (Array.isArray(v) && v.length === 0)
  if (blank) return f.required ? `${f.label || f.name} is required.` : null
  if (typeof v !== 'string') return null
  if (f.type === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v))
    return 'Enter an email address, such as name@example.com.'
  if (f.type === 'number' && !Number.isFinite(Number(v))) return 'Enter a number.'
  if (f.type === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(v)) return 'Enter a date.'
  return null
}

/** What the form submits: numbers as numbers, the rest as entered (chosen option ids for choices). */
export function responseOf(fields: FormField[], values: Record<string, FormValue>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const f of fields) {
    const v = values[f.name] ?? emptyValue(f)
    if (v === '' && !f.required) continue
    out[f.name] = f.type === 'number' && typeof v === 'string' ? Number(v) : v
  }
  return out
}
