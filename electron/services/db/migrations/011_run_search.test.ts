import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, expect, it } from 'vitest'
import { resumeRun, startRun, type StepResult } from '../../../../shared/engine'
import { buildFlow, testDeps } from '../../../../shared/engine/testing/fixtures'
import { LogQueries } from '../../logs/queries'
import { RunService } from '../../runs'
import { runMigrations } from '../migrate'
import { openDatabase } from '../open'
import { migrations } from './index'

// A studio database from before migration 011 (schema 10) with runs in it, opened by this version: the migration
// builds the search index from the stored runs, and the triggers keep it in step with new steps and deletes.
// The old runs are written with the columns schema 10 had (today's RunStore writes columns added since).

function writeOld(db: Database.Database, contactId: string, step: StepResult): void {
  const s = step.state
  db.prepare(
    `INSERT INTO runs (id, flow_id, flow_name, contact_id, status, trigger_kind, state, node_count, started_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET status = excluded.status, state = excluded.state, updated_at = excluded.updated_at`,
  ).run(
    s.id,
    s.flowId,
    'Old',
    contactId,
    s.status,
    s.trigger.kind,
    JSON.stringify({ ...s, contactId }),
    s.nodeCount,
    s.startedAt,
    s.updatedAt,
  )
  let seq = db.prepare('SELECT COALESCE(MAX(seq), -1) + 1 FROM messages WHERE run_id = ?').pluck().get(s.id) as number
  const add = db.prepare(
    'INSERT INTO messages (run_id, seq, contact_id, direction, type, payload, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  )
  if (step.inbound) add.run(s.id, seq++, contactId, 'in', step.inbound.type, JSON.stringify(step.inbound), s.updatedAt)
  for (const m of step.messages) add.run(s.id, seq++, contactId, 'out', m.type, JSON.stringify(m), s.updatedAt)
}

let dir: string
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

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
  { id: 'f_old', name: 'Old', active: true },
)

it('indexes the runs of an older database, then keeps the index in step with new steps and deletes', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-011-'))
  const file = path.join(dir, 'studio.db')
  const old = new Database(file)
  runMigrations(
    old,
    migrations.filter((m) => m.version <= 10),
  )
  const addContact = old.prepare(
    'INSERT INTO contacts (id, name, phone, created_at, updated_at) VALUES (?, ?, ?, 0, 0)',
  )
  addContact.run('c_zoe', 'Zoë', '+15550009999')
  addContact.run('c_max', 'Max', '+15550008888')
  const { deps, advance } = testDeps()
  const contact = { id: 'c_zoe', name: 'Zoë', phone: '+15550009999' }
  const a = await startRun(flow, { contact, trigger: { kind: 'manual', data: { who: 'Zoë' } } }, deps)
  writeOld(old, contact.id, a)
  writeOld(old, contact.id, await resumeRun(flow, a.state, { type: 'text', text: 'Blue Bottle' }, contact, deps))
  advance(1000)
  const b = await startRun(
    flow,
    { contact: { id: 'c_max', name: 'Max', phone: '+15550008888' }, trigger: { kind: 'manual', data: { who: 'Max' } } },
    deps,
  )
  writeOld(old, 'c_max', b)
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
    // The same clock as the runs written above: on the real clock they would be past their 24-hour window.
    const again = new RunService(db, { effects: deps.effects })
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
