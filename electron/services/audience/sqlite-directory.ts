// ContactDirectory over the SQLite database the studio and the runtime's SQLite store share (tables contacts,
// handovers). `write` runs the import's statements in one transaction: the studio's own, or the runtime store's
// group commit (its writes must go through it).
import type { Database } from 'better-sqlite3'
import { inSegment, type BroadcastContact, type ContactState, type SegmentContact } from '../../../shared/broadcast'
import { mergeFields, newContactId, parseFields, SEGMENT_PAGE, type ContactDirectory } from './directory'

interface Row {
  id: string
  name: string
  phone: string
  opted_in: number
  last_inbound_at: number | null
  fields: string
  with_person: number
}

const CHUNK = 500

export class SqliteContactDirectory implements ContactDirectory {
  constructor(
    private readonly db: Database,
    private readonly write: <T>(fn: () => T) => Promise<T> = async (fn) => db.transaction(fn)(),
  ) {}

  async states(phones: readonly string[]): Promise<Map<string, ContactState>> {
    const out = new Map<string, ContactState>()
    for (let i = 0; i < phones.length; i += CHUNK) {
      const chunk = phones.slice(i, i + CHUNK)
      const rows = this.db
        .prepare(
          `SELECT c.phone, c.opted_in, c.last_inbound_at,
             EXISTS (SELECT 1 FROM handovers h WHERE h.contact_id = c.id AND h.ended_at IS NULL) AS with_person
           FROM contacts c WHERE c.phone IN (${chunk.map(() => '?').join(',')})`,
        )
        .all(...chunk) as Row[]
      for (const r of rows)
        out.set(r.phone, {
          optedIn: r.opted_in === 1,
          lastInboundAt: r.last_inbound_at,
          withPerson: r.with_person === 1,
        })
    }
    return out
  }

  async segment(segment: { tags: string[]; fields: Record<string, string> }, limit: number): Promise<SegmentContact[]> {
    const page = this.db.prepare(
      'SELECT rowid AS rid, name, phone, fields FROM contacts WHERE rowid > ? ORDER BY rowid LIMIT ?',
    )
    const out: SegmentContact[] = []
    let after = 0
    for (;;) {
      const rows = page.all(after, SEGMENT_PAGE) as Array<{ rid: number; name: string; phone: string; fields: string }>
      for (const r of rows) {
        const fields = parseFields(r.fields)
        if (inSegment({ fields }, segment)) out.push({ phone: r.phone, name: r.name, fields })
        if (out.length > limit) return out
      }
      if (rows.length < SEGMENT_PAGE) return out
      after = rows.at(-1)!.rid
    }
  }

  upsert(contacts: readonly BroadcastContact[], now: number): Promise<{ imported: number; updated: number }> {
    const find = this.db.prepare('SELECT id, name, fields FROM contacts WHERE phone = ?')
    const insert = this.db.prepare(
      'INSERT INTO contacts (id, name, phone, opted_in, fields, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?, ?)',
    )
    const update = this.db.prepare('UPDATE contacts SET name = ?, fields = ?, updated_at = ? WHERE id = ?')
    return this.write(() => {
      let imported = 0
      let updated = 0
      for (const c of contacts) {
        const old = find.get(c.phone) as { id: string; name: string; fields: string } | undefined
        if (!old) {
          insert.run(newContactId(), c.name || c.phone, c.phone, JSON.stringify(mergeFields({}, c)), now, now)
          imported++
        } else {
          update.run(c.name || old.name, JSON.stringify(mergeFields(parseFields(old.fields), c)), now, old.id)
          updated++
        }
      }
      return { imported, updated }
    })
  }
}
