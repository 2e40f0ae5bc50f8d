// Flow Logs at volume: 100,000 runs of 10 nodes each (1,000,000 trace events, 200,000 messages) seeded into a real
// SQLite file (WAL, migrations applied) in one transaction, then the viewer's reads through LogQueries, as the
// logs.* commands run them: the first page of the list, a deep page (keyset), filters by state and by contact,
// text search, and one trace. Each read is timed over several repetitions (median and worst), and each result is
// checked, so a fast wrong answer fails the run. Bounded: seeding dominates (about 10-20 s on a slow machine).
import { RUN_SEARCH_BACKFILL } from '../../electron/studio/db/migrations/011_run_search'
import { LogQueries } from '../../electron/studio/logs/queries'
import { seedContact, seedRuns, seedStatus } from '../../electron/studio/logs/seed'
import { tempDatabase } from '../../electron/studio/logs/test-db'
import type { LogCursor } from '../../shared/api/commands/logs'

const RUNS = 100_000
const NODES = 10
const CONTACTS = 2_000
const REPS = 15
const PAGE = 100

function time(label: string, once: () => void): void {
  once() // warm the statement and page caches the way a second click would find them
  const ms: number[] = []
  for (let i = 0; i < REPS; i++) {
    const t = performance.now()
    once()
    ms.push(performance.now() - t)
  }
  ms.sort((a, b) => a - b)
  console.log(`${label.padEnd(44)} median ${ms[ms.length >> 1]!.toFixed(2)} ms   worst ${ms.at(-1)!.toFixed(2)} ms`)
}

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`logs bench: ${what}`)
}

export async function run(): Promise<void> {
  const temp = tempDatabase()
  try {
    const t0 = Date.UTC(2026, 0, 1)
    // One 1.2-million-row transaction: a page cache that holds it avoids spilling dirty pages to the WAL mid-way.
    // A throwaway file: no fsync (synchronous OFF) and no WAL copy of every page (journal in memory).
    temp.db.pragma('cache_size = -393216')
    temp.db.pragma('synchronous = OFF')
    temp.db.pragma('journal_mode = MEMORY')
    let t = performance.now()
    // The secondary indexes are dropped for the load and rebuilt after it (a sort instead of a million random
    // b-tree inserts); the file ends up with exactly the schema the migrations made.
    const indexes = temp.db
      .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN ('runs', 'trace_events', 'messages')")
      .all() as Array<{ name: string; sql: string }>
    // Likewise the search index's triggers (migration 011): the index is filled once after the load, by the
    // migration's own backfill, instead of a million re-tokenising row updates.
    const triggers = temp.db
      .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'run_search_%'")
      .all() as Array<{ name: string; sql: string }>
    for (const i of [...indexes, ...triggers]) temp.db.exec(`DROP ${i.name.startsWith('run_search_') ? 'TRIGGER' : 'INDEX'} ${i.name}`)
    seedRuns(temp.db, { flowId: 'f_bench', runs: RUNS, nodesPerRun: NODES, contacts: CONTACTS, t0, stepMs: 1000 })
    for (const i of indexes) temp.db.exec(i.sql)
    console.log(`seed ${RUNS} runs × ${NODES} nodes (one transaction, indexes rebuilt)`.padEnd(44), `${((performance.now() - t) / 1000).toFixed(1)} s`)
    t = performance.now()
    temp.db.exec('DELETE FROM run_search')
    temp.db.exec(RUN_SEARCH_BACKFILL)
    for (const i of triggers) temp.db.exec(i.sql)
    console.log(`${'build the full-text index (migration 011)'.padEnd(44)} ${((performance.now() - t) / 1000).toFixed(1)} s`)
    const q = new LogQueries(temp.db)

    time('open the list (first page of 100)', () => {
      const p = q.list('f_bench', {}, undefined, PAGE)
      check(p.runs.length === PAGE && p.runs[0]!.id === `r_seed_f_bench_${RUNS - 1}`, 'first page is not the newest runs')
    })
    let deep: LogCursor | undefined
    t = performance.now()
    for (let i = 0; i < 500; i++) deep = q.list('f_bench', {}, deep, PAGE).next ?? undefined
    console.log(`${'scroll to page 500 (keyset, 500 pages)'.padEnd(44)} ${(performance.now() - t).toFixed(0)} ms total`)
    time('a page at depth 50,000', () => {
      check(q.list('f_bench', {}, deep, PAGE).runs.length === PAGE, 'deep page is short')
    })
    time('filter by state (failed)', () => {
      const p = q.list('f_bench', { status: ['failed'] }, undefined, PAGE)
      check(p.runs.length === PAGE && p.runs.every((r) => r.status === 'failed'), 'state filter')
    })
    time('filter by contact (name part)', () => {
      const p = q.list('f_bench', { contact: 'Seed Customer 1234' }, undefined, PAGE)
      check(p.runs.length === RUNS / CONTACTS && p.runs.every((r) => r.contact.id === seedContact(1234, CONTACTS)), 'contact filter')
    })
    time('text search, 1 match among 100,000', () => {
      const p = q.list('f_bench', { text: 'Thanks 42424' }, undefined, PAGE)
      check(p.runs.length === 1 && p.runs[0]!.id === 'r_seed_f_bench_42424', 'text search')
    })
    time('text search, 1 match, then nothing (a typo)', () => {
      check(q.list('f_bench', { text: 'Thanks 42424x' }, undefined, PAGE).runs.length === 0, 'typo search')
    })
    time('text search, every run matches ("thanks")', () => {
      const p = q.list('f_bench', { text: 'thanks' }, undefined, PAGE)
      check(p.runs.length === PAGE && p.runs[0]!.id === `r_seed_f_bench_${RUNS - 1}`, 'common word')
    })
    time('text search, 11,111 match ("order 4", a prefix)', () => {
      const p = q.list('f_bench', { text: 'order 4' }, undefined, PAGE)
      check(p.runs.length === PAGE && p.runs.every((r) => /_4\d*$/.test(r.id)), 'prefix search')
    })
    time('text search, 111 match, with a state filter', () => {
      const p = q.list('f_bench', { text: 'ord 777', status: ['failed'] }, undefined, PAGE)
      check(p.runs.length > 0 && p.runs.every((r) => r.status === 'failed' && /_777\d*$/.test(r.id)), 'search and state')
    })
    const failedRun = Array.from({ length: 10 }, (_, i) => 50_000 + i).find((i) => seedStatus(i) === 'failed')!
    time('open one trace (10 nodes, messages)', () => {
      const tr = q.run(`r_seed_f_bench_${failedRun}`)
      check(tr !== null && tr.trace.length === NODES && tr.trace.at(-1)!.error !== null && tr.messages.length === 2, 'trace')
    })
  } finally {
    temp.cleanup()
  }
}
