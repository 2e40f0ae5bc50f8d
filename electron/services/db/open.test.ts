import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawn } from 'node:child_process'
import BetterSqlite3 from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from './open'
import { DatabaseOpenError } from './errors'
import { migrations } from './migrations'
import { schemaVersion } from './migrate'
import type { Migration } from './migrations/types'

let dir: string
let file: string
const open: Database[] = []

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-db-'))
  file = path.join(dir, 'studio.sqlite')
})
afterEach(() => {
  for (const db of open.splice(0)) if (db.open) db.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

function openTracked(f = file, known?: Migration[]): Database {
  const db = openDatabase(f, known ? { migrations: known } : {})
  open.push(db)
  return db
}

function expectRefused(fn: () => unknown, code: string): DatabaseOpenError {
  try {
    fn()
  } catch (err) {
    expect(err).toBeInstanceOf(DatabaseOpenError)
    expect((err as DatabaseOpenError).code).toBe(code)
    return err as DatabaseOpenError
  }
  throw new Error(`expected ${code}`)
}

describe('openDatabase', () => {
  it('creates the file with WAL, foreign keys and every known migration recorded', () => {
    const db = openTracked()
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
    expect(Number(db.pragma('busy_timeout', { simple: true }))).toBeGreaterThan(0)
    const rows = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all()
    expect(rows).toEqual(migrations.map((m) => ({ version: m.version, name: m.name })))
    expect(schemaVersion(db)).toBe(migrations.length)
  })

  it('knows a gap-free, uniquely named list of migrations', () => {
    expect(migrations.map((m) => m.version)).toEqual(migrations.map((_, i) => i + 1))
    expect(new Set(migrations.map((m) => m.name)).size).toBe(migrations.length)
  })

  it('opens :memory: databases', () => {
    const db = openTracked(':memory:')
    expect(schemaVersion(db)).toBe(migrations.length)
  })

  it('applies only the pending migrations when reopened by a newer app', () => {
    const first = migrations.slice(0, 1)
    openTracked(file, first).close()
    const extra: Migration = {
      version: first.length + 1,
      name: 'extra',
      up: (db) => db.exec('CREATE TABLE extra (x INTEGER)'),
    }
    const db = openTracked(file, [...first, extra])
    expect(schemaVersion(db)).toBe(2)
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'extra'").get()).toBeTruthy()
  })

  it('keeps data across reopen', () => {
    const db = openTracked()
    db.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('k', '\"v\"', 1)").run()
    db.close()
    const again = openTracked()
    expect(again.prepare("SELECT value FROM settings WHERE key = 'k'").get()).toEqual({ value: '"v"' })
  })

  it('refuses a database from a newer app and leaves it byte-for-byte untouched', () => {
    const future: Migration = { version: migrations.length + 1, name: 'future', up: () => {} }
    openTracked(file, [...migrations, future]).close()
    const before = fs.readFileSync(file)
    const err = expectRefused(() => openDatabase(file), 'db_too_new')
    expect(err.message).toMatch(/newer version of Chatflow Studio/)
    expect(fs.readFileSync(file).equals(before)).toBe(true)
  })

  it('refuses a database whose history differs from the known migrations', () => {
    const renamed = migrations.map((m, i) => (i === 0 ? { ...m, name: 'something_else' } : m))
    openTracked(file, renamed).close()
    expectRefused(() => openDatabase(file), 'db_migrations_mismatch')
  })

  it('refuses a file that is not SQLite and never overwrites it', () => {
    fs.writeFileSync(file, 'these are my notes, not a database\n'.repeat(200))
    const before = fs.readFileSync(file)
    expectRefused(() => openDatabase(file), 'db_corrupt')
    expect(fs.readFileSync(file).equals(before)).toBe(true)
  })

  it('refuses an SQLite file with damaged pages and never overwrites it', () => {
    const db = openTracked()
    const insert = db.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, 1)')
    for (let i = 0; i < 500; i++) insert.run(`key-${i}`, 'x'.repeat(200))
    db.close()
    const bytes = fs.readFileSync(file)
    const pageSize = bytes.readUInt16BE(16)
    // Scribble over every page after the first (the schema page stays readable, the b-trees do not).
    for (let i = pageSize; i < bytes.length; i++) bytes[i] = (i * 7) & 0xff
    fs.writeFileSync(file, bytes)
    expectRefused(() => openDatabase(file), 'db_corrupt')
    expect(fs.readFileSync(file).equals(bytes)).toBe(true)
  })

  it('refuses an SQLite database made by another program', () => {
    const other = new BetterSqlite3(file)
    other.exec('CREATE TABLE contacts (name TEXT)')
    other.close()
    expectRefused(() => openDatabase(file), 'db_foreign')
  })

  it('refuses a directory in place of the file', () => {
    fs.mkdirSync(file)
    expectRefused(() => openDatabase(file), 'db_unreadable')
  })

  it('refuses a second studio in the same process while the first holds the file', () => {
    const first = openTracked()
    expectRefused(() => openDatabase(file), 'db_locked')
    first.close()
    expect(schemaVersion(openTracked())).toBe(migrations.length)
  })

  it('refuses a database held by another process, and opens it once that process ends', async () => {
    const script = `
      const D = require('better-sqlite3'); const db = new D(process.argv[1]);
      db.pragma('locking_mode = EXCLUSIVE'); db.exec('BEGIN EXCLUSIVE; COMMIT');
      process.stdout.write('held\\n'); process.stdin.on('data', () => { db.close(); process.exit(0) });`
    openTracked().close()
    const child = spawn(process.execPath, ['-e', script, file], { stdio: ['pipe', 'pipe', 'inherit'] })
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()))
    expectRefused(() => openDatabase(file), 'db_locked')
    child.stdin.write('x')
    await new Promise((resolve) => child.once('exit', resolve))
    expect(schemaVersion(openTracked())).toBe(migrations.length)
  })
})
