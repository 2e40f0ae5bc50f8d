import { afterEach, expect, it } from 'vitest'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import { openDatabase } from '../db/open'
import { RunService } from '../runs'
import { LogQueries } from './queries'
import { INDEX_BATCH, SearchIndexer } from './search-index'
import { tempDatabase } from './testing/db'

// Migration 013: steps only mark their runs; search rows are built behind the writes, and a search first indexes
// whatever is still marked, so it finds every committed message and variable as when triggers indexed each write.

const flow = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
    { type: 'question', name: 'ask', config: { prompt: 'Which café, {{trigger_1.data.who}}?', saveTo: 'place' } },
    { type: 'message', name: 'done', config: { text: 'See you at {{place}}' } },
  ],
  [
    ['trigger_1', 'out', 'ask'],
    ['ask', 'out', 'done'],
  ],
  { id: 'f_idx', name: 'Indexed', active: true },
)

let temp: ReturnType<typeof tempDatabase> | undefined
afterEach(() => temp?.cleanup())

const pending = (t: NonNullable<typeof temp>) =>
  t.db.prepare('SELECT count(*) FROM run_search_pending').pluck().get() as number
const rows = (t: NonNullable<typeof temp>) => t.db.prepare('SELECT count(*) FROM run_search').pluck().get() as number

it('writes no search row during a step; a search indexes the marked runs first and finds messages and variables', async () => {
  temp = tempDatabase()
  const runs = new RunService(temp.db)
  const q = new LogQueries(temp.db)
  const ids = (text: string) => q.list('f_idx', { text }, undefined, 10).runs.map((r) => r.id)
  const a = await runs.start(flow, {
    contact: runs.contacts.ensure({ phone: '+15550001111' }),
    trigger: { kind: 'manual', data: { who: 'Zoë' } },
  })
  expect(rows(temp)).toBe(0)
  expect(pending(temp)).toBe(1)
  expect(ids('cafe zoe')).toEqual([a.state.id])
  expect(pending(temp)).toBe(0)

  // A resume re-marks the run: its new message and its new variable are found, the old text still is.
  await runs.resume(flow, a.state.id, { type: 'text', text: 'Blue Bottle' })
  expect(pending(temp)).toBe(1)
  expect(ids('see you at blue')).toEqual([a.state.id])
  expect(ids('place')).toEqual([a.state.id])
  expect(ids('which cafe')).toEqual([a.state.id])
  expect(rows(temp)).toBe(1)

  // A run deleted before it was indexed leaves neither a mark nor a row behind.
  const b = await runs.start(flow, {
    contact: runs.contacts.ensure({ phone: '+15550002222' }),
    trigger: { kind: 'manual', data: { who: 'Max' } },
  })
  temp.db.prepare('DELETE FROM runs WHERE id = ?').run(b.state.id)
  expect(pending(temp)).toBe(0)
  expect(ids('max')).toEqual([])
  temp.db.prepare('DELETE FROM runs WHERE id = ?').run(a.state.id)
  expect(rows(temp)).toBe(0)
})

it('keeps the marks of a process that stopped before indexing them, and indexes them after a restart', async () => {
  temp = tempDatabase()
  const runs = new RunService(temp.db)
  const a = await runs.start(flow, {
    contact: runs.contacts.ensure({ phone: '+15550003333' }),
    trigger: { kind: 'manual', data: { who: 'Ada' } },
  })
  temp.db.close()
  temp.db = openDatabase(temp.file)
  expect(pending(temp)).toBe(1)
  expect(new LogQueries(temp.db).list('f_idx', { text: 'ada' }, undefined, 10).runs.map((r) => r.id)).toEqual([
    a.state.id,
  ])
  temp.db.close()
})

it('indexes in batches behind the writes, on a timer, without a search', async () => {
  temp = tempDatabase()
  const runs = new RunService(temp.db)
  const contact = runs.contacts.ensure({ phone: '+15550004444' })
  const count = INDEX_BATCH * 2 + 5
  for (let i = 0; i < count; i++)
    await runs.start(flow, { contact, trigger: { kind: 'manual', data: { who: `w${i}` } } })
  const indexer = new SearchIndexer(temp.db)
  expect(indexer.indexSome()).toBe(INDEX_BATCH)
  expect(pending(temp)).toBe(count - INDEX_BATCH)
  const stop = indexer.every(10, (err) => {
    throw err
  })
  try {
    await expect.poll(() => pending(temp!), { timeout: 5000 }).toBe(0)
  } finally {
    stop()
  }
  expect(rows(temp)).toBe(count)
  expect(new LogQueries(temp.db).list('f_idx', { text: `w${count - 1}` }, undefined, 10).runs).toHaveLength(1)
})
