import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, expect, it } from 'vitest'
import { buildFlow } from '../../../../shared/engine/fixtures'
import { LogQueries } from '../../logs/queries'
import { RunService } from '../../runs'
import { runMigrations } from '../migrate'
import { openDatabase } from '../open'
import { migrations } from './index'

// A studio database from before migration 011 (schema 10) with runs in it, opened by this version: the migration
// builds the search index from the stored runs, and the triggers keep it in step with new steps and deletes.

let dir: string
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

const flow = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
    { type: 'question', name: 'ask', config: { prompt: 'Which café, {{trigger_1.data.who}}?', saveTo: 'place' } },
    { type: 'message', name: 'done', config: { text: 'See you at {{place}}' } },
  ],
  [['trigger_1', 'out', 'ask'], ['ask', 'out', 'done']],
  { id: 'f_old', name: 'Old', active: true },
)

it('indexes the runs of an older database, then keeps the index in step with new steps and deletes', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-011-'))
  const file = path.join(dir, 'studio.db')
  const old = new Database(file)
  runMigrations(old, migrations.filter((m) => m.version <= 10))
  const runs = new RunService(old)
  const contact = runs.contacts.ensure({ phone: '+15550009999' })
  const a = await runs.start(flow, { contact, trigger: { kind: 'manual', data: { who: 'Zoë' } } })
  await runs.resume(flow, a.state.id, { type: 'text', text: 'Blue Bottle' })
  const b = await runs.start(flow, { contact: runs.contacts.ensure({ phone: '+15550008888' }), trigger: { kind: 'manual', data: { who: 'Max' } } })
  expect(old.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'run_search'").pluck().get()).toBe(0)
  old.close()

  const db = openDatabase(file)
  try {
    const q = new LogQueries(db)
    const ids = (text: string) => q.list('f_old', { text }, undefined, 10).runs.map((r) => r.id)
    expect(ids('blue bott')).toEqual([a.state.id])
    expect(ids('cafe zoe')).toEqual([a.state.id])
    expect(ids('which')).toEqual([b.state.id, a.state.id])
    expect(ids('place')).toEqual([a.state.id])

    // New steps after the migration: a message and a variable written by the engine are found at once.
    const again = new RunService(db)
    await again.resume(flow, b.state.id, { type: 'text', text: 'Ritual Coffee' })
    expect(ids('ritual')).toEqual([b.state.id])
    expect(ids('place')).toEqual([b.state.id, a.state.id])

    db.prepare('DELETE FROM runs WHERE id = ?').run(a.state.id)
    expect(ids('which')).toEqual([b.state.id])
    expect(db.prepare('SELECT count(*) FROM run_search').pluck().get()).toBe(1)
  } finally {
    db.close()
  }
})
