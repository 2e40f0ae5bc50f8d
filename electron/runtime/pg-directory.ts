// ContactDirectory on PostgreSQL (electron/services/audience/directory.ts): the dry run's contact states, a
// segment's contacts (read in pages by id and matched as the SQLite store matches them), and the CSV import as one
// transaction: the rows already there are locked and merged, the new ones inserted (a contact created meanwhile by
// an inbound message gets the import's fields merged over its own).
import type pg from 'pg'
import { inSegment, type BroadcastContact, type ContactState, type SegmentContact } from '../../shared/broadcast'
import {
  mergeFields,
  newContactId,
  parseFields,
  SEGMENT_PAGE,
  type ContactDirectory,
} from '../services/audience/directory'
import { transaction } from './pg-transaction'

const CHUNK = 1000

export class PgContactDirectory implements ContactDirectory {
  constructor(private readonly pool: pg.Pool) {}

  async states(phones: readonly string[]): Promise<Map<string, ContactState>> {
    const out = new Map<string, ContactState>()
    for (let i = 0; i < phones.length; i += CHUNK) {
      const { rows } = await this.pool.query<{
        phone: string
        opted_in: boolean
        last_inbound_at: string | null
        with_person: boolean
      }>(
        `SELECT c.phone, c.opted_in, c.last_inbound_at,
           EXISTS (SELECT 1 FROM handovers h WHERE h.contact_id = c.id AND h.ended_at IS NULL) AS with_person
         FROM contacts c WHERE c.phone = ANY($1::text[])`,
        [phones.slice(i, i + CHUNK)],
      )
      for (const r of rows)
        out.set(r.phone, {
          optedIn: r.opted_in,
          lastInboundAt: r.last_inbound_at === null ? null : Number(r.last_inbound_at),
          withPerson: r.with_person,
        })
    }
    return out
  }

  async segment(segment: { tags: string[]; fields: Record<string, string> }, limit: number): Promise<SegmentContact[]> {
    const out: SegmentContact[] = []
    let after = ''
    for (;;) {
      const { rows } = await this.pool.query<{ id: string; name: string; phone: string; fields: string }>(
        'SELECT id, name, phone, fields FROM contacts WHERE id > $1 ORDER BY id LIMIT $2',
        [after, SEGMENT_PAGE],
      )
      for (const r of rows) {
        const fields = parseFields(r.fields)
        if (inSegment({ fields }, segment)) out.push({ phone: r.phone, name: r.name, fields })
        if (out.length > limit) return out
      }
      if (rows.length < SEGMENT_PAGE) return out
      after = rows.at(-1)!.id
    }
  }

  upsert(contacts: readonly BroadcastContact[], now: number): Promise<{ imported: number; updated: number }> {
    return transaction(this.pool, async (c) => {
      let imported = 0
      let updated = 0
      for (let i = 0; i < contacts.length; i += CHUNK) {
        const chunk = contacts.slice(i, i + CHUNK)
        const { rows } = await c.query<{ id: string; name: string; phone: string; fields: string }>(
          'SELECT id, name, phone, fields FROM contacts WHERE phone = ANY($1::text[]) ORDER BY phone FOR UPDATE',
          [chunk.map((x) => x.phone)],
        )
        const old = new Map(rows.map((r) => [r.phone, r]))
        const ids: string[] = []
        const names: string[] = []
        const phones: string[] = []
        const fields: string[] = []
        for (const x of chunk) {
          const o = old.get(x.phone)
          ids.push(o?.id ?? newContactId())
          names.push(x.name || o?.name || x.phone)
          phones.push(x.phone)
          fields.push(JSON.stringify(mergeFields(o ? parseFields(o.fields) : {}, x)))
          if (o) updated++
          else imported++
        }
        await c.query(
          `INSERT INTO contacts (id, name, phone, opted_in, fields, created_at, updated_at)
           SELECT id, name, phone, true, fields, $5, $5 FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
             AS t(id, name, phone, fields)
           ON CONFLICT (phone) DO UPDATE SET name = excluded.name,
             fields = CASE WHEN contacts.id = excluded.id THEN excluded.fields
                           ELSE (contacts.fields::jsonb || excluded.fields::jsonb)::text END,
             updated_at = excluded.updated_at`,
          [ids, names, phones, fields, now],
        )
      }
      return { imported, updated }
    })
  }
}
