import Database from 'better-sqlite3'
import { expect, it } from 'vitest'
import { runMigrations } from '../migrate'
import { migrations } from './index'

// Migration 033 on a database with outbox rows: SQLite rebuilds runtime_outbox to drop NOT NULL from run_id and
// flow_id, keeping every row (and its seq, the send order), every index, and the NOT NULLs of the other columns.

const indexes = (db: Database.Database) =>
  db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'runtime_outbox' ORDER BY name")
    .all()

it('keeps the outbox rows and indexes, and lets a row have no run', () => {
  const db = new Database(':memory:')
  const upTo = migrations.findIndex((m) => m.version === 33)
  runMigrations(db, migrations.slice(0, upTo))
  db.pragma('foreign_keys = OFF') // a run without its contact row: only the outbox's own reference matters here
  db.prepare(
    `INSERT INTO runs (id, flow_id, flow_name, contact_id, status, trigger_kind, state, node_count, started_at, updated_at)
     VALUES ('run_1', 'flw_1', 'F', 'ct_1', 'ended', 'keyword', '{}', 1, 1, 1)`,
  ).run()
  const add = db.prepare(
    'INSERT INTO runtime_outbox (seq, id, run_id, flow_id, contact_id, phone, message, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  )
  add.run(7, 'out_a', 'run_1', 'flw_1', 'ct_1', '+1', '{}', 1)
  add.run(9, 'out_b', 'run_1', 'flw_1', 'ct_1', '+1', '{}', 2)
  const before = indexes(db)
  expect(() => add.run(10, 'out_c', null, null, 'ct_1', '+1', '{}', 3)).toThrow(/NOT NULL/)

  runMigrations(db, migrations)
  expect(db.prepare('SELECT seq, id, run_id FROM runtime_outbox ORDER BY seq').all()).toEqual([
    { seq: 7, id: 'out_a', run_id: 'run_1' },
    { seq: 9, id: 'out_b', run_id: 'run_1' },
  ])
  expect(indexes(db)).toEqual(before)
  add.run(10, 'out_c', null, null, 'ct_1', '+1', '{}', 3)
  expect(() => add.run(11, 'out_d', null, null, null, '+1', '{}', 3)).toThrow(/NOT NULL/)
  // Deleting the run still takes its outbox rows with it (the foreign key survived the rebuild).
  db.pragma('foreign_keys = ON')
  db.prepare("DELETE FROM runs WHERE id = 'run_1'").run()
  expect(db.prepare('SELECT id FROM runtime_outbox').pluck().all()).toEqual(['out_c'])
  expect(() =>
    db
      .prepare(
        "INSERT INTO messages (run_id, seq, contact_id, direction, type, payload, created_at, author) VALUES ('r', 0, 'c', 'out', 'text', '{}', 1, 'bot')",
      )
      .run(),
  ).toThrow(/CHECK/)
})
