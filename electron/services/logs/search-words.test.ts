// A search's last word spelled out as the index's whole words (logs/search.ts, RunSearch.expression): the same runs,
// in the same order, as FTS5's own prefix query, for words that begin none, one, several or more than WHOLE_WORDS
// words of the index, with case and accents folded as the index folds them.
import type { Database } from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LogQueries } from './queries'
import { matchExpression, RunSearch, WHOLE_WORDS } from './search'
import { tempDatabase } from './testing/db'

const T0 = Date.UTC(2026, 0, 1)
const BODIES = [
  'Thanks a lot',
  'thanksgiving dinner',
  'THANKSGIVING order',
  'Café au lait',
  'cafeteria menu',
  'a naïve question',
  'thank you',
  ...Array.from({ length: WHOLE_WORDS + 4 }, (_, i) => `code alpha${i} ready`),
]
let db: Database
let cleanup: () => void
let q: LogQueries

beforeAll(() => {
  ;({ db, cleanup } = tempDatabase())
  db.prepare(
    "INSERT INTO contacts (id, name, phone, created_at, updated_at) VALUES ('c_w', 'W', '+15550000001', 0, 0)",
  ).run()
  const run =
    db.prepare(`INSERT INTO runs (id, flow_id, flow_name, contact_id, status, trigger_kind, state, started_at, updated_at)
    VALUES (?, 'fw', 'FW', 'c_w', 'ended', 'manual', ?, ?, ?)`)
  const msg = db.prepare(`INSERT INTO messages (run_id, seq, contact_id, direction, type, payload, created_at)
    VALUES (?, 0, 'c_w', 'in', 'text', ?, ?)`)
  BODIES.forEach((body, i) => {
    const at = T0 + i * 1000
    run.run(`r_w_${i}`, JSON.stringify({ vars: { note: i % 2 ? 'thankful' : 'none' } }), at, at)
    msg.run(`r_w_${i}`, JSON.stringify({ type: 'text', text: { body } }), at)
  })
  q = new LogQueries(db)
})
afterAll(() => cleanup())

/** What FTS5's own prefix query finds, newest first: the reference. */
function byPrefix(text: string): string[] {
  const match = matchExpression(text)
  if (!match) return []
  const runs = db
    .prepare('SELECT run FROM run_search WHERE run_search MATCH ? ORDER BY rowid DESC')
    .pluck()
    .all(match) as number[]
  return runs.map((rowid) => db.prepare('SELECT id FROM runs WHERE rowid = ?').pluck().get(rowid) as string)
}

const found = (text: string) => q.list('fw', { text }, undefined, 500).runs.map((r) => r.id)

describe('RunSearch.expression', () => {
  it('finds what the prefix query finds, in the same order, however many words the last one begins', () => {
    expect(found('x')).toEqual([]) // indexes the runs: the reference reads the index directly
    for (const text of ['thanks', 'THANK', 'thanksg', 'thankful', 'cafe', 'CAFÉ', 'caf', 'naive', 'alpha', 'alpha1']) {
      const want = byPrefix(text)
      expect(want.length, text).toBeGreaterThan(0)
      expect(found(text), text).toEqual(want)
    }
    for (const text of ['code alpha1', 'thanksgiving or', 'a lo', 'nothing', 'thanksgivings']) {
      expect(found(text), text).toEqual(byPrefix(text))
    }
  })

  it("spells out a last word that begins few words as those words, in the index's spelling", () => {
    const search = new RunSearch(db)
    expect(search.expression('Thanks')).toBe('{msgs vars} : (("thanks") OR ("thanksgiving"))')
    expect(search.expression('CAFÉ')).toBe('{msgs vars} : (("cafe") OR ("cafeteria"))')
    expect(search.expression('a naïv')).toBe('{msgs vars} : (("a" + "naive"))')
    expect(search.expression('thankfulness')).toBeNull()
  })

  it('leaves to FTS5 a word of one or two characters (its prefix indexes) and one that begins too many words', () => {
    const search = new RunSearch(db)
    expect(search.expression('th')).toBe(matchExpression('th'))
    expect(search.expression('code alpha')).toBe(matchExpression('code alpha'))
    expect(search.expression('%')).toBeNull()
  })

  it('keeps working after the connection changes temp_store (which drops temporary tables)', () => {
    const search = new RunSearch(db)
    expect(search.expression('thanks')).not.toBe(matchExpression('thanks'))
    db.pragma('temp_store = MEMORY')
    expect(search.expression('thanks')).toBe('{msgs vars} : (("thanks") OR ("thanksgiving"))')
    expect(found('thanks')).toEqual(byPrefix('thanks'))
  })
})

it("stays exact when a word's runs are deleted (the vocabulary may still list it until FTS5 merges)", () => {
  db.prepare("DELETE FROM runs WHERE id IN ('r_w_1', 'r_w_2')").run()
  for (const text of ['thanksg', 'thanks', 'thanksgiving dinner']) expect(found(text), text).toEqual(byPrefix(text))
  expect(found('thanksg')).toEqual([])
})
