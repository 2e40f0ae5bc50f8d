// A broadcast's view of a host's contacts (docs/runtime.md, "Broadcasts"): the state each recipient's number is in
// (for the dry run), the contacts of a segment, and the CSV import that adds and updates contacts. One contract,
// two stores: SQLite (sqlite-directory.ts: the studio's database and the runtime's SQLite store) and PostgreSQL
// (electron/runtime/pg-directory.ts).
import { randomUUID } from 'node:crypto'
import type { BroadcastContact, ContactState, SegmentContact } from '../../../shared/broadcast'
import { tagsOf } from '../../../shared/broadcast'

export interface ContactDirectory {
  /** The state of the contacts with these numbers (E.164); a number that is no contact yet is absent. */
  states(phones: readonly string[]): Promise<Map<string, ContactState>>
  /**
   * The contacts that have every tag and each field equal, in the order they were created; at most `limit`: a
   * segment that has more answers `limit + 1` rows so the caller can say it is too large.
   */
  segment(segment: { tags: string[]; fields: Record<string, string> }, limit: number): Promise<SegmentContact[]>
  /**
   * Adds the contacts that are new (opted in, named as given or after the number) and updates the others: their
   * name when the row has one, their fields with the row's (the row wins), their tags with the row's added. One
   * transaction.
   */
  upsert(contacts: readonly BroadcastContact[], now: number): Promise<{ imported: number; updated: number }>
}

export const newContactId = () => `ct_${randomUUID().replace(/-/g, '').slice(0, 20)}`

/** How many contacts a segment scan reads at a time. */
export const SEGMENT_PAGE = 2000

/** A contact's stored fields after an import row: the row's fields over the old, the row's tags added to the old. */
export function mergeFields(old: Record<string, unknown>, row: BroadcastContact): Record<string, unknown> {
  const { tags: rowTags, ...rest } = row.fields
  const merged: Record<string, unknown> = { ...old, ...rest }
  const tags = [...tagsOf(old)]
  for (const t of rowTags === undefined ? [] : tagsOf({ tags: rowTags }))
    if (!tags.some((x) => x.toLowerCase() === t.toLowerCase())) tags.push(t)
  if (tags.length > 0 || old.tags !== undefined) merged.tags = tags
  return merged
}

export function parseFields(text: string | null): Record<string, unknown> {
  try {
    const v = JSON.parse(text ?? '{}') as unknown
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}
