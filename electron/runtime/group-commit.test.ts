import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { CHECKPOINT_PAGES, GroupCommit, SOON_MS, WAL_SYNC_MS } from './group-commit'

let dir: string
let db: Database.Database
/** A second connection: it sees only what has committed. */
let other: Database.Database
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-group-'))
  db = new Database(path.join(dir, 'g.sqlite'))
  db.pragma('journal_mode = WAL')
  db.pragma('foreign_keys = ON')
  db.exec(
    'CREATE TABLE parent (id INTEGER PRIMARY KEY); CREATE TABLE child (id TEXT PRIMARY KEY, parent INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)',
  )
  db.exec('INSERT INTO parent (id) VALUES (1)')
  other = new Database(path.join(dir, 'g.sqlite'))
})
afterEach(() => {
  vi.useRealTimers()
  other.close()
  db.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const ids = () => db.prepare('SELECT id FROM child ORDER BY id').pluck().all()
const committedIds = () => other.prepare('SELECT id FROM child ORDER BY id').pluck().all()
const add =
  (id: string, parent = 1) =>
  () =>
    db.prepare('INSERT INTO child (id, parent) VALUES (?, ?)').run(id, parent).changes

it('answers each write only after the transaction holding it has committed', async () => {
  const group = new GroupCommit(db)
  const a = group.run(add('a'))
  const b = group.run(add('b'))
  expect(ids()).toEqual(['a', 'b']) // written at once, on this connection…
  expect(committedIds()).toEqual([]) // …but not committed: the callers are still waiting
  expect(group.open).toBe(true)
  await expect(Promise.all([a, b])).resolves.toEqual([1, 1])
  expect(committedIds()).toEqual(['a', 'b'])
  expect(db.inTransaction).toBe(false)
  expect(group.open).toBe(false)
})

it('fails a write that throws alone: the others of its turn are kept', async () => {
  const group = new GroupCommit(db)
  const results = await Promise.allSettled([group.run(add('a')), group.run(add('a')), group.run(add('c'))])
  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
  expect(ids()).toEqual(['a', 'c'])
})

it('puts the writes of one turn in one transaction: a commit that fails fails every write of that turn, not the next', async () => {
  const group = new GroupCommit(db)
  // A deferred foreign key is checked at COMMIT only, so only the commit of the whole group can fail on it.
  const turn = [group.run(add('a')), group.run(add('orphan', 99)), group.run(add('c'))]
  const epoch = group.epoch
  const results = await Promise.allSettled(turn)
  expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected'])
  expect(ids()).toEqual([])
  expect(group.epoch).toBe(epoch + 1) // whoever read 'a' before the commit can tell it was undone
  await group.run(add('d'))
  expect(ids()).toEqual(['d'])
})

it('lets a write build on the one before it in the same turn; the answer waits for the commit of both', async () => {
  const group = new GroupCommit(db)
  const first = group.run(add('a'))
  // What a contact's next step does: it reads the previous step's write before that has committed.
  const seen = db.prepare("SELECT count(*) FROM child WHERE id = 'a'").pluck().get()
  const second = group.run(add(`after-${String(seen)}`))
  expect(committedIds()).toEqual([])
  await Promise.all([first, second])
  expect(committedIds()).toEqual(['a', 'after-1'])
})

/** Lets the event loop run a few turns (setImmediate stays real under the fake clock below). */
const turns = async (n = 3) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r))
}

// The outbox's sent marks (sqlite-store.ts): alone they wait up to SOON_MS for a step to commit with, so one
// connection's requests do not pay two commits each. The clock is fake (only setTimeout); turns are real.
it('commits a write that may wait within SOON_MS when nothing else comes, not at the end of its turn', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  const group = new GroupCommit(db)
  let committed = false
  const soon = group.runSoon(add('mark')).then((n) => ((committed = true), n))
  await turns()
  expect(ids()).toEqual(['mark']) // written at once…
  expect(committedIds()).toEqual([]) // …committed later
  expect(committed).toBe(false)
  vi.advanceTimersByTime(SOON_MS - 1)
  await turns()
  expect(committedIds()).toEqual([])
  vi.advanceTimersByTime(1)
  await expect(soon).resolves.toBe(1)
  expect(committedIds()).toEqual(['mark'])
  expect(group.open).toBe(false)
})

it('commits a write that may wait with the next write, at the end of that write’s turn', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  const group = new GroupCommit(db)
  const soon = group.runSoon(add('mark'))
  await turns()
  expect(committedIds()).toEqual([])
  const step = group.run(add('step'))
  await Promise.all([soon, step]) // no clock advanced: the step's turn committed both
  expect(committedIds()).toEqual(['mark', 'step'])
  // The timer of the first is gone: a later write that may wait waits its own SOON_MS.
  void group.runSoon(add('mark2'))
  await turns()
  expect(committedIds()).toEqual(['mark', 'step'])
  vi.advanceTimersByTime(SOON_MS)
  await turns()
  expect(committedIds()).toEqual(['mark', 'mark2', 'step'])
})

it('commits a write that may wait at the end of the turn when it joins an open transaction, and on a flush', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  const group = new GroupCommit(db)
  await Promise.all([group.run(add('step')), group.runSoon(add('mark'))])
  expect(committedIds()).toEqual(['mark', 'step'])
  void group.runSoon(add('mark2'))
  group.flush() // the store closing
  expect(committedIds()).toEqual(['mark', 'mark2', 'step'])
  expect(vi.getTimerCount()).toBe(0)
})

it('commits what is queued when flushed by hand (before the database closes)', () => {
  const group = new GroupCommit(db)
  void group.run(add('a'))
  group.flush()
  expect(committedIds()).toEqual(['a'])
})

it('keeps savepoint journals in memory and checkpoints the log in large steps, and every savepoint still rolls back alone', async () => {
  const group = new GroupCommit(db)
  // temp_store 2 = MEMORY: a savepoint's journal is not a temporary file written page by page (docs/runtime.md).
  expect(db.pragma('temp_store', { simple: true })).toBe(2)
  expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(CHECKPOINT_PAGES)
  const big = 'x'.repeat(3000)
  const writes = Array.from({ length: 200 }, (_, i) =>
    group.run(() =>
      db.prepare('INSERT INTO child (id, parent) VALUES (?, ?)').run(`${String(i).padStart(3, '0')}${big}`, 1),
    ),
  )
  const failed = group.run(() => db.prepare('INSERT INTO child (id, parent) VALUES (?, ?)').run(`000${big}`, 1))
  await expect(failed).rejects.toThrow(/UNIQUE/)
  await Promise.all(writes)
  expect(committedIds()).toHaveLength(200)
})

it('flushes the log to disk behind the commits, at most every WAL_SYNC_MS, never in memory', async () => {
  const group = new GroupCommit(db)
  const start = performance.now()
  for (let i = 0; i < 30; i++) await group.run(add(`c${String(i).padStart(2, '0')}`))
  const elapsed = performance.now() - start
  await expect.poll(() => group.syncs).toBeGreaterThan(0)
  await new Promise((r) => setTimeout(r, 20))
  // One at the first commit, then at most one per interval however many commits came meanwhile.
  expect(group.syncs).toBeLessThanOrEqual(Math.floor(elapsed / WAL_SYNC_MS) + 1)
  expect(group.syncs).toBeLessThan(30)
  expect(committedIds()).toHaveLength(30)

  const memory = new Database(':memory:')
  const inMemory = new GroupCommit(memory)
  memory.exec('CREATE TABLE t (x)')
  await inMemory.run(() => memory.exec('INSERT INTO t VALUES (1)'))
  await new Promise((r) => setTimeout(r, 20))
  expect(inMemory.syncs).toBe(0)
  memory.close()
})

it('runs its before-commit work inside each transaction, and a failure there undoes the whole transaction', async () => {
  const group = new GroupCommit(db)
  let fail = false
  const seen: unknown[] = []
  group.onBeforeCommit(() => {
    seen.push(ids())
    db.prepare("INSERT INTO child (id, parent) VALUES ('hook', 1) ON CONFLICT (id) DO NOTHING").run()
    if (fail) throw new Error('before commit failed')
  })
  await Promise.all([group.run(add('a')), group.run(add('b'))])
  expect(seen).toEqual([['a', 'b']]) // once per transaction, after its writes
  expect(committedIds()).toEqual(['a', 'b', 'hook'])
  fail = true
  const c = group.run(add('c'))
  await expect(c).rejects.toThrow('before commit failed')
  expect(committedIds()).toEqual(['a', 'b', 'hook'])
  expect(group.epoch).toBe(1)
})
