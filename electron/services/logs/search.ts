import type { Database, Statement } from 'better-sqlite3'
import type { LogCursor } from '../../../shared/api/commands/logs'
import { SEARCH_TOKENIZE } from '../db/migrations/011_run_search'

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

/** A query's words (NFKC, lower case), or null when it has none. */
export function queryWords(text: string): string[] | null {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
}

const quote = (word: string) => `"${word.replaceAll('"', '""')}"`
const phrase = (words: string[], last: string) => `${[...words.slice(0, -1), last].map(quote).join(' + ')}`

/** The FTS5 expression for a user's query, or null when it has no word. Words are quoted: no FTS syntax leaks in. */
export function matchExpression(text: string): string | null {
  const words = queryWords(text)
  return words ? `{msgs vars} : (${phrase(words, words.at(-1)!)}*)` : null
}

/**
 * The same query with its last word spelled out as the whole words of the index that begin with it (`lastWords`,
 * the index's own spelling): each phrase is one term's doclist, read lazily from the top, where a prefix makes FTS5
 * merge the doclists of every word it begins before the first match. Null when no word of the index begins with it.
 */
export function wholeWordsExpression(words: string[], lastWords: string[]): string | null {
  if (!lastWords.length) return null
  return `{msgs vars} : (${lastWords.map((w) => `(${phrase(words, w)})`).join(' OR ')})`
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

/** Migration 011's prefix indexes (1 and 2 characters): a last word this short is read from them, not merged. */
const PREFIX_INDEXED = 2

/** At most this many whole words stand in for a last word; a word that begins more is searched as a prefix. */
export const WHOLE_WORDS = 16

export class RunSearch {
  private readonly chunkStmt: Statement
  private readonly restStmt: Statement
  private readonly sameMsStmt: Statement
  private words: { tokenize: (word: string) => string[]; next: Statement } | null = null

  constructor(private readonly db: Database) {
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

  /**
   * The index's vocabulary, read term by term in order (an `instance` row per occurrence: the first one of the first
   * term from a bound is one seek, where a `row` vocabulary counts the term's whole doclist), and a scratch table
   * with the index's tokenizer to spell a query word as the index does (case, accents). Temporary tables, this
   * connection's own (no schema), made on each use: changing `temp_store` (the runtime's group commit) drops them.
   */
  private vocabulary() {
    this.db.exec(`
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.run_search_words USING fts5vocab(main, run_search, instance);
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.run_search_query USING fts5(w, tokenize = '${SEARCH_TOKENIZE}');
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.run_search_query_words USING fts5vocab(temp, run_search_query, instance);`)
    if (this.words) return this.words
    const put = this.db.prepare('INSERT INTO temp.run_search_query (rowid, w) VALUES (1, ?)')
    const read = this.db.prepare('SELECT term FROM temp.run_search_query_words ORDER BY offset').pluck()
    const clear = this.db.prepare('DELETE FROM temp.run_search_query')
    this.words = {
      next: this.db.prepare('SELECT term FROM temp.run_search_words WHERE term >= ? LIMIT 1').pluck(),
      tokenize: this.db.transaction((word: string) => {
        put.run(word)
        const terms = read.all() as string[]
        clear.run()
        return terms
      }),
    }
    return this.words
  }

  /**
   * The FTS5 expression for a user's query (null: nothing can match). A last word of more than two characters that
   * begins at most WHOLE_WORDS words of the index is searched as those whole words: "thanks", in every run, then
   * reads one page of its doclist instead of merging it all (docs/logs.md, "Text search").
   */
  expression(text: string): string | null {
    const words = queryWords(text)
    if (!words) return null
    const prefix = matchExpression(text)
    const vocabulary = this.vocabulary()
    const last = vocabulary.tokenize(words.at(-1)!)
    // A word the tokenizer splits (or drops) is left to FTS5 as typed.
    if (last.length !== 1 || [...last[0]!].length <= PREFIX_INDEXED) return prefix
    const stem = last[0]!
    const found: string[] = []
    // Terms hold no control character: `term + U+0001` is above the term and below every longer word it begins.
    for (let from = stem; found.length <= WHOLE_WORDS;) {
      const term = vocabulary.next.get(from) as string | undefined
      if (term === undefined || !term.startsWith(stem)) break
      found.push(term)
      from = `${term}\u0001`
    }
    return found.length > WHOLE_WORDS ? prefix : wholeWordsExpression(words, found)
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
