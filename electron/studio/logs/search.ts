import type { Database, Statement } from 'better-sqlite3'
import type { LogCursor } from '../../../shared/api/commands/logs'

// Text search of the Flow Logs over migration 011's FTS5 index. What a search matches: the words of the query, in
// that order and adjacent, in the run's messages (both directions) or in its variables (names and values); case
// and accents are ignored, anything but letters and digits separates words, and the last word may be the
// beginning of a longer one ("order 4" finds "Order 42"). A query without a letter or digit matches nothing.
//
// The index's rowid is the run's list key (started_at × 2^21 + rowid mod 2^21), so matches come out newest first:
// a page is read from the top of the index in chunks, each chunk's runs checked against the other filters, until
// the page is full. Inside one millisecond the key's order is not the list's (rowid mod 2^21), so the rest of the
// last millisecond read is always taken too, and the rows are sorted by the list's own order before paging.

export const KEY_SPAN = 2_097_152n
const TOP = 9_223_372_036_854_775_807n

/** The FTS5 expression for a user's query, or null when it has no word. Words are quoted: no FTS syntax leaks in. */
export function matchExpression(text: string): string | null {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
  if (!words) return null
  return `{msgs vars} : (${words.map((w, i) => `"${w}"${i === words.length - 1 ? '*' : ''}`).join(' + ')})`
}

/** Index keys from `lo` (inclusive) to `hi` (exclusive) that a list position or time bound allows. */
export function keyRange(
  after: LogCursor | undefined,
  from: number | undefined,
  to: number | undefined,
): { lo: bigint; hi: bigint } {
  let hi = TOP
  // The cursor's whole millisecond stays in range: the list's exact (started_at, rowid) bound is applied per row.
  if (after) hi = (BigInt(after.startedAt) + 1n) * KEY_SPAN
  if (to !== undefined) hi = min(hi, (BigInt(to) + 1n) * KEY_SPAN)
  const lo = from !== undefined ? BigInt(from) * KEY_SPAN : -TOP
  return { lo, hi }
}

const min = (a: bigint, b: bigint) => (a < b ? a : b)

export interface SearchHit {
  key: bigint
  run: number
}

export class RunSearch {
  private readonly chunkStmt: Statement
  private readonly restStmt: Statement
  private readonly sameMsStmt: Statement

  constructor(db: Database) {
    this.chunkStmt = db
      .prepare(
        'SELECT rowid AS key, run FROM run_search WHERE run_search MATCH ? AND rowid >= ? AND rowid < ? ORDER BY rowid DESC LIMIT ?',
      )
      .safeIntegers()
    // A rowid range of the search table itself (every run has its row once the pending ones are indexed).
    this.sameMsStmt = db
      .prepare('SELECT 1 FROM run_search WHERE rowid >= ? AND rowid < ? LIMIT 1')
      .pluck()
      .safeIntegers()
    this.restStmt = db
      .prepare('SELECT run FROM run_search WHERE run_search MATCH ? AND rowid >= ? AND rowid < ?')
      .pluck()
      .safeIntegers()
  }

  /** The next `size` matches below `hi` (and from `lo`), newest first. */
  chunk(match: string, lo: bigint, hi: bigint, size: number): SearchHit[] {
    const rows = this.chunkStmt.all(match, lo, hi, size) as Array<{ key: bigint; run: bigint }>
    return rows.map((r) => ({ key: r.key, run: Number(r.run) }))
  }

  /** The run rowids of the matches in the millisecond of `key` below it: the ties the key's order may misplace. */
  restOfMillisecond(match: string, key: bigint): number[] {
    const ms = key / KEY_SPAN
    // Usually the millisecond holds no other run: one rowid lookup, instead of a second MATCH (a prefix word's
    // MATCH merges its whole doclist, the dearest part of a search for a word in every run).
    const others = this.sameMsStmt.get(ms * KEY_SPAN, key) !== undefined
    return others ? (this.restStmt.all(match, ms * KEY_SPAN, key) as bigint[]).map(Number) : []
  }
}
