import { randomUUID } from 'node:crypto'
import type { Database, Statement } from 'better-sqlite3'
import type { Contact } from '../../../shared/engine'

// The local contacts runs are bound to. A phone number (with country code, '+' and digits) identifies a contact;
// the emulator, the webhook and the CLI all find-or-create by it.
export interface ContactRecord extends Contact {
  /** The language a Set Language node chose for the contact (or a tester set), null when none: migration 026. */
  language: string | null
  optedIn: boolean
  lastInboundAt: number | null
  fields: Record<string, unknown>
  createdAt: number
  updatedAt: number
}

interface Row {
  id: string
  name: string
  phone: string
  opted_in: number
  last_inbound_at: number | null
  fields: string
  language: string | null
  created_at: number
  updated_at: number
}

export class InvalidPhoneError extends Error {
  readonly code = 'invalid_phone'
}

/** '+91 98000-00001' → '+919800000001'. A number without its country code is refused: we cannot guess one. */
export function normalisePhone(input: string): string {
  const trimmed = input.trim()
  const digits = trimmed.replace(/[\s\-().]/g, '')
  if (!/^\+\d{7,15}$/.test(digits)) {
    throw new InvalidPhoneError(`'${input}' is not a phone number with country code, such as +919800000001.`)
  }
  return digits
}

function toRecord(r: Row): ContactRecord {
  return {
    id: r.id,
    name: r.name,
    phone: r.phone,
    optedIn: r.opted_in === 1,
    lastInboundAt: r.last_inbound_at,
    fields: JSON.parse(r.fields) as Record<string, unknown>,
    language: r.language ?? null,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }
}

export class ContactStore {
  private readonly sql: Record<'get' | 'byPhone' | 'touch', Statement>

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {
    // Read or written on every runtime step: prepared once (a prepare costs about as much as the statement).
    this.sql = {
      get: db.prepare('SELECT * FROM contacts WHERE id = ?'),
      byPhone: db.prepare('SELECT * FROM contacts WHERE phone = ?'),
      touch: db.prepare('UPDATE contacts SET last_inbound_at = ?, updated_at = ? WHERE id = ?'),
    }
  }

  get(id: string): ContactRecord | null {
    const row = this.sql.get.get(id) as Row | undefined
    return row ? toRecord(row) : null
  }

  byPhone(phone: string): ContactRecord | null {
    const row = this.sql.byPhone.get(normalisePhone(phone)) as Row | undefined
    return row ? toRecord(row) : null
  }

  /** The contact with this phone, created (opted in, named as given or after the number) when new. */
  ensure(input: { phone: string; name?: string; fields?: Record<string, unknown> }): ContactRecord {
    const phone = normalisePhone(input.phone)
    const found = this.byPhone(phone)
    if (found) return found
    const t = this.now()
    const id = `ct_${randomUUID().replace(/-/g, '').slice(0, 20)}`
    this.db
      .prepare(
        'INSERT INTO contacts (id, name, phone, opted_in, fields, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?, ?)',
      )
      .run(id, input.name?.trim() || phone, phone, JSON.stringify(input.fields ?? {}), t, t)
    return this.get(id)!
  }

  /** `language`: a tag to remember, null to forget it, absent to keep it. */
  update(
    id: string,
    patch: { name?: string; optedIn?: boolean; fields?: Record<string, unknown>; language?: string | null },
  ): ContactRecord {
    const current = this.get(id)
    if (!current) throw new Error(`Contact ${id} does not exist.`)
    this.db
      .prepare('UPDATE contacts SET name = ?, opted_in = ?, fields = ?, language = ?, updated_at = ? WHERE id = ?')
      .run(
        patch.name ?? current.name,
        (patch.optedIn ?? current.optedIn) ? 1 : 0,
        JSON.stringify(patch.fields ?? current.fields),
        patch.language === undefined ? current.language : patch.language,
        this.now(),
        id,
      )
    return this.get(id)!
  }

  touchInbound(id: string, at: number): void {
    this.sql.touch.run(at, at, id)
  }

  list(limit = 200): ContactRecord[] {
    return (this.db.prepare('SELECT * FROM contacts ORDER BY name COLLATE NOCASE LIMIT ?').all(limit) as Row[]).map(
      toRecord,
    )
  }
}
