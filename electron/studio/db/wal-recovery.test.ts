// Issue 18, case 7: one damaged frame in the middle of the write-ahead log made SQLite drop every later commit in
// silence (17 flows vanished). Now the damage is found before SQLite opens the file, a copy of the database and its
// log is kept aside, never deleted, and the user is told what was recovered and where the copy is.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { FlowStore } from '../../services/store/flows'
import { openDatabase } from '../../services/db/open'
import { checkWal } from '../../services/db/wal-check'
import type { WalRecovery } from '../../services/db/wal-recovery'

let dir: string
beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-wal-'))))
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

/** A database with 20 flows, each created in its own commit, copied with its log as a crash would leave them. */
function crashedStudio(): string {
  const live = path.join(dir, 'live', 'studio.sqlite')
  const db = openDatabase(live, { onWalRecovered: () => undefined })
  db.pragma('wal_autocheckpoint = 0')
  const flows = new FlowStore(db, Date.now)
  for (let i = 1; i <= 20; i++) flows.create(`Flow ${String(i).padStart(2, '0')}`)
  const crashed = path.join(dir, 'crashed', 'studio.sqlite')
  fs.mkdirSync(path.dirname(crashed), { mode: 0o700 })
  fs.copyFileSync(live, crashed)
  fs.copyFileSync(`${live}-wal`, `${crashed}-wal`)
  db.close()
  return crashed
}

/** Flips one byte in the page data of the WAL frame that holds the `nth` commit. */
function damageCommit(walFile: string, nth: number): void {
  const data = fs.readFileSync(walFile)
  const frame = 24 + data.readUInt32BE(8)
  let commits = 0
  for (let at = 32; at + frame <= data.length; at += frame) {
    if (data.readUInt32BE(at + 4) !== 0 && ++commits === nth) {
      data[at + 24 + 100] = data[at + 24 + 100]! ^ 0xff
      fs.writeFileSync(walFile, data)
      return
    }
  }
  throw new Error(`the log has no commit ${nth}`)
}

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

it("puts the message in the studio's notices, for the banner every window shows", async () => {
  const file = crashedStudio()
  damageCommit(`${file}-wal`, checkWal(`${file}-wal`)!.recoveredCommits - 2)
  const { createBackend } = await import('../backend')
  const logged: string[] = []
  const backend = createBackend({ dataDir: path.dirname(file), log: (m) => logged.push(m) })
  try {
    const notices = await backend.call('studio.notices', {})
    expect(notices).toMatchObject({
      ok: true,
      value: {
        notices: [
          { code: 'wal_recovered', message: expect.stringMatching(/3 saved changes after it could not be read/) },
        ],
      },
    })
    expect(logged.join('\n')).toMatch(/write-ahead log of studio\.sqlite was damaged/)
  } finally {
    await backend.close()
  }
})
