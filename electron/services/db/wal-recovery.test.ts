// Issue 18, case 7: one damaged frame in the middle of the write-ahead log made SQLite drop every later commit in
// silence (17 flows vanished). Now the damage is found before SQLite opens the file, a copy of the database and its
// log is kept aside, never deleted, and the user is told what was recovered and where the copy is.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { openDatabase } from './open'
import { crashedStudio as crashedIn, damageCommit } from './testing/crashed-wal'
import { checkWal } from './wal-check'
import type { WalRecovery } from './wal-recovery'

let dir: string
beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-wal-'))))
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))
const crashedStudio = () => crashedIn(dir)

const flowNames = (file: string) => {
  const db = openDatabase(file, { onWalRecovered: () => undefined })
  try {
    return (db.prepare('SELECT name FROM flows ORDER BY name').all() as { name: string }[]).map((r) => r.name)
  } finally {
    db.close()
  }
}

it('reads a healthy log as healthy', () => {
  const file = crashedStudio()
  expect(checkWal(`${file}-wal`)).toMatchObject({ damaged: false, lostCommits: 0 })
  expect(flowNames(file)).toHaveLength(20)
})

it('keeps a damaged log aside with the database, and says what was recovered and where the copy is', () => {
  const file = crashedStudio()
  const total = checkWal(`${file}-wal`)!.recoveredCommits
  damageCommit(`${file}-wal`, total - 16)
  const damagedLog = fs.readFileSync(`${file}-wal`)
  const damagedDb = fs.readFileSync(file)
  const told: WalRecovery[] = []
  const db = openDatabase(file, { onWalRecovered: (r) => told.push(r) })
  const names = (db.prepare('SELECT name FROM flows').all() as { name: string }[]).map((r) => r.name)
  db.close()
  expect(told).toHaveLength(1)
  const r = told[0]!
  expect(r.report).toMatchObject({ damaged: true, recoveredCommits: total - 17, lostCommits: 17 })
  expect(r.message).toMatch(
    new RegExp(
      `${total - 17} saved changes before the damage were recovered; 17 saved changes after it could not be read`,
    ),
  )
  expect(r.message).toContain(r.copyDir)
  // The copy is exactly what was there before SQLite touched it.
  expect(fs.readFileSync(path.join(r.copyDir, 'studio.sqlite-wal')).equals(damagedLog)).toBe(true)
  expect(fs.readFileSync(path.join(r.copyDir, 'studio.sqlite')).equals(damagedDb)).toBe(true)
  // What SQLite could read is there; the flows of the lost commits are not (that is what the message says).
  expect(names.length).toBe(20 - 17)
  // The next start finds a healthy log and says nothing more; the copy stays.
  const again: WalRecovery[] = []
  openDatabase(file, { onWalRecovered: (x) => again.push(x) }).close()
  expect(again).toEqual([])
  expect(fs.existsSync(r.copyDir)).toBe(true)
})

it('treats a log whose header is damaged as damaged', () => {
  const file = crashedStudio()
  const data = fs.readFileSync(`${file}-wal`)
  data[20] = data[20]! ^ 0x01
  fs.writeFileSync(`${file}-wal`, data)
  const told: WalRecovery[] = []
  openDatabase(file, { onWalRecovered: (r) => told.push(r) }).close()
  expect(told[0]?.report).toMatchObject({ damaged: true, headerDamaged: true })
  expect(told[0]?.message).toMatch(/damaged at its start/)
})

it('tells a host that passes no listener on stderr (chatflow serve, the CLI)', () => {
  const file = crashedStudio()
  damageCommit(`${file}-wal`, checkWal(`${file}-wal`)!.recoveredCommits)
  let err = ''
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((c) => ((err += String(c)), true))
  try {
    openDatabase(file).close()
  } finally {
    spy.mockRestore()
  }
  expect(err).toMatch(
    /^Chatflow Studio: The write-ahead log of studio\.sqlite was damaged at byte \d+: .* 1 saved change after it could not be read/,
  )
})
