// A CSV of contacts for a broadcast or an import (docs/runtime.md, "Broadcasts"): a header row naming a `phone`
// column; `name`, `tags` and `timezone` are read as such, `var.<name>` columns become the recipient's variables and
// every other column a contact field. Each row is checked on its own: a row that cannot be used is refused with its
// line and why, and the rest are kept. Numbers are written in E.164 and a number seen before is refused as a duplicate.
// The structure (quotes) is read by the translations' CSV reader: a BOM or none, CRLF or LF, `,` `;` or tab.
import { parseRecords } from '../translate/csv'
import { identifierProblem } from '../text/identifier'
import { checkPhone } from './phone'
import { MAX_BROADCAST_CONTACTS, type BroadcastContact, type RefusedRow } from './types'

export interface ContactsCsv {
  contacts: BroadcastContact[]
  refused: RefusedRow[]
  /** The file as a whole cannot be read (no header with a `phone` column, an unclosed quote): nothing is kept. */
  error?: { code: 'bad_file' | 'no_phone_column'; message: string; line: number }
}

const MAX_VALUE = 1000

export function readContactsCsv(text: string, opts: { defaultCountry?: string } = {}): ContactsCsv {
  const input = text.replace(/^\uFEFF/, '')
  const firstLine = input.slice(0, input.search(/\r?\n|$/))
  const sep = [',', ';', '\t'].find((s) => firstLine.includes(s)) ?? ','
  const parsed = parseRecords(input, sep)
  if (!parsed.ok)
    return fileError(
      'bad_file',
      `This file is not a CSV that can be read: ${parsed.message} (line ${parsed.line}).`,
      parsed.line,
    )
  const [head, ...body] = parsed.records
  const names = head ? head.fields.map((f) => f.trim()) : []
  const phoneAt = names.findIndex((n) => n.toLowerCase() === 'phone')
  if (phoneAt < 0)
    return fileError(
      'no_phone_column',
      `The first line must name the columns, one of them 'phone' (it reads "${firstLine.slice(0, 80)}").`,
      1,
    )
  const contacts: BroadcastContact[] = []
  const refused: RefusedRow[] = []
  const seen = new Map<string, number>()
  for (const r of body) {
    if (r.fields.every((f) => f.trim() === '')) continue // a blank line
    const value = r.fields[phoneAt]?.trim() ?? ''
    const refuse = (code: RefusedRow['code'], message: string) => refused.push({ line: r.line, value, code, message })
    if (r.fields.length !== names.length) {
      refuse('bad_row', `This row has ${r.fields.length} fields where the header has ${names.length}.`)
      continue
    }
    if (!value) {
      refuse('missing_phone', 'This row has no phone number.')
      continue
    }
    const phone = checkPhone(value, opts.defaultCountry)
    if (!phone.ok) {
      refuse('invalid_number', phone.message)
      continue
    }
    const first = seen.get(phone.e164)
    if (first !== undefined) {
      refuse('duplicate', `${phone.e164} is already on line ${first}; each number gets the broadcast once.`)
      continue
    }
    if (contacts.length >= MAX_BROADCAST_CONTACTS) {
      refuse(
        'bad_row',
        `A file holds at most ${MAX_BROADCAST_CONTACTS.toLocaleString('en')} contacts; this one is over.`,
      )
      continue
    }
    const long = r.fields.findIndex((f) => f.length > MAX_VALUE)
    if (long >= 0) {
      refuse('bad_row', `Column '${names[long]}' holds more than ${MAX_VALUE} characters.`)
      continue
    }
    const contact = toContact(names, r.fields, phoneAt, phone.e164)
    const badName = contact.name === undefined ? null : identifierProblem(contact.name, 'The name')
    if (badName) {
      refuse('bad_row', badName)
      continue
    }
    seen.set(phone.e164, r.line)
    contacts.push(contact)
  }
  return { contacts, refused }
}

function toContact(names: string[], fields: string[], phoneAt: number, e164: string): BroadcastContact {
  const contact: BroadcastContact = { phone: e164, fields: {} }
  const variables: Record<string, string> = {}
  names.forEach((column, i) => {
    if (i === phoneAt || !column) return
    const value = fields[i]!.trim()
    const lower = column.toLowerCase()
    if (lower === 'name') {
      if (value) contact.name = value.normalize('NFC').slice(0, 120)
    } else if (lower.startsWith('var.')) {
      const name = column.slice(4).trim()
      if (name) variables[name] = value
    } else if (value !== '') contact.fields[lower === 'tags' || lower === 'timezone' ? lower : column] = value
  })
  if (Object.keys(variables).length > 0) contact.variables = variables
  return contact
}

/** A `tags` field as a list: separated by `;`, `|` or `,` (a spreadsheet cell quoted with commas in it). */
export function tagsOf(fields: Record<string, unknown>): string[] {
  const raw = fields.tags
  if (Array.isArray(raw)) return raw.filter((t): t is string => typeof t === 'string' && t.trim() !== '')
  if (typeof raw !== 'string') return []
  return raw
    .split(/[;|,]/)
    .map((t) => t.trim())
    .filter(Boolean)
}

const fileError = (code: 'bad_file' | 'no_phone_column', message: string, line: number): ContactsCsv => ({
  contacts: [],
  refused: [],
  error: { code, message, line },
})
