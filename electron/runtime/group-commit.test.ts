import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { GroupCommit } from './group-commit'

let dir: string
let db: Database.Database
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-group-'))
  db = new Database(path.join(dir, 'g.sqlite'))
  db.pragma('journal_mode = WAL')
  db.pragma('foreign_keys = ON')
  db.exec('CREATE TABLE parent (id INTEGER PRIMARY KEY); CREATE TABLE child (id TEXT PRIMARY KEY, parent INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)')
  db.exec('INSERT INTO parent (id) VALUES (1)')
})
afterEach(() => {
  db.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const ids = () => db.prepare('SELECT id FROM child ORDER BY id').pluck().all()
const add = (id: string, parent = 1) => () => db.prepare('INSERT INTO child (id, parent) VALUES (?, ?)').run(id, parent).changes

it('answers each write only after the transaction holding it has committed', async () => {
  const group = new GroupCommit(db)
  const a = group.run(add('a'))
  const b = group.run(add('b'))
  expect(ids()).toEqual([]) // nothing written yet: the callers are still waiting
  await expect(Promise.all([a, b])).resolves.toEqual([1, 1])
  expect(ids()).toEqual(['a', 'b'])
  expect(db.inTransaction).toBe(false)
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
  const results = await Promise.allSettled(turn)
  expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected'])
  expect(ids()).toEqual([])
  await group.run(add('d'))
  expect(ids()).toEqual(['d'])
})

it('commits what is queued when flushed by hand (before the database closes)', () => {
  const group = new GroupCommit(db)
  void group.run(add('a'))
  group.flush()
  expect(ids()).toEqual(['a'])
})
