// Issue 39, item 2: the data folder is 0700 and every database file 0600 on every host, and a looser folder or file
// left by an older version is tightened with a notice. Real folders and SQLite files; the umask is the common 022,
// under which the old code made the folder 755 and the files 644.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createBackend } from '../backend'
import { expectOk } from '../testing/backend'
import { openDatabase } from '../../services/db/open'

const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8)
const posix = process.platform !== 'win32'

let umask = 0
let root = ''
beforeAll(() => {
  umask = process.umask(0o022)
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-private-'))
})
afterAll(() => {
  process.umask(umask)
  fs.rmSync(root, { recursive: true, force: true })
})
const opened: Array<{ close(): unknown }> = []
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close()
})

describe.runIf(posix)('secrets at rest: permissions of the data folder and the database', () => {
  it('a new data folder (and its missing parents) is 0700 and studio.sqlite, -wal and -shm are 0600', async () => {
    const dataDir = path.join(root, 'fresh', 'Chatflow Studio')
    const backend = createBackend({ dataDir, log: () => {} })
    opened.push(backend)
    expectOk(await backend.call('flows.create', { name: 'Private' }))
    expect(mode(dataDir)).toBe('700')
    expect(mode(path.dirname(dataDir))).toBe('700')
    expect(mode(path.join(dataDir, 'studio.sqlite'))).toBe('600')
    expect(mode(path.join(dataDir, 'studio.sqlite-wal'))).toBe('600')
    // EXCLUSIVE locking keeps the WAL index in memory; had SQLite made one, it would carry the database's mode.
    const shm = path.join(dataDir, 'studio.sqlite-shm')
    if (fs.existsSync(shm)) expect(mode(shm)).toBe('600')
    expectOk(await backend.call('studio.notices', {})).notices.forEach((n) =>
      expect(n.code).not.toBe('permissions_tightened'),
    )
  })

  it('a folder and files left open by an older version are tightened, and the studio says so in its banner', async () => {
    const dataDir = path.join(root, 'old')
    fs.mkdirSync(dataDir, { mode: 0o755 })
    fs.chmodSync(dataDir, 0o755)
    const file = path.join(dataDir, 'studio.sqlite')
    // As the old code left it: a studio database SQLite made 0644.
    const old = new BetterSqlite3(file)
    old.close()
    fs.chmodSync(file, 0o644)
    fs.chmodSync(dataDir, 0o755)
    expect(mode(dataDir)).toBe('755')

    const told: string[] = []
    openDatabase(file, { onPermissions: (m) => told.push(m) }).close()
    expect(mode(dataDir)).toBe('700')
    expect(mode(file)).toBe('600')
    expect(told.join('\n')).toContain(`The folder ${dataDir} could be read by other users of this computer (mode 755)`)
    expect(told.join('\n')).toContain(`The file ${file} could be read by other users of this computer (mode 644)`)

    // The same through the back end: the notice reaches the window's banner and the log.
    fs.chmodSync(dataDir, 0o775)
    fs.chmodSync(file, 0o640)
    const logged: string[] = []
    const backend = createBackend({ dataDir, log: (m) => logged.push(m) })
    opened.push(backend)
    const { notices } = expectOk(await backend.call('studio.notices', {}))
    expect(notices.filter((n) => n.code === 'permissions_tightened').map((n) => n.message)).toEqual([
      expect.stringContaining('(mode 775); it is now 700'),
      expect.stringContaining('(mode 640); it is now 600'),
    ])
    expect(logged).toEqual([
      expect.stringContaining(`The folder ${dataDir}`),
      expect.stringContaining(`The file ${file} could be read by other users of this computer (mode 640)`),
    ])
    expect(mode(dataDir)).toBe('700')
  })

  it('a folder that holds other things too (--data-dir ~) is left as it is, said so, and the studio files are 0600', () => {
    const home = path.join(root, 'home')
    fs.mkdirSync(home, { mode: 0o755 })
    fs.chmodSync(home, 0o755)
    fs.writeFileSync(path.join(home, 'notes.txt'), 'mine')
    const told: string[] = []
    openDatabase(path.join(home, 'studio.sqlite'), { onPermissions: (m) => told.push(m) }).close()
    expect(mode(home)).toBe('755')
    expect(mode(path.join(home, 'studio.sqlite'))).toBe('600')
    expect(told.join('\n')).toContain(`The folder ${home} can be read by other users of this computer (mode 755)`)
    expect(told.join('\n')).toContain("holds other things than the studio's (notes.txt), so it was left as it is")
  })

  it('the CLI and chatflow serve (openDatabase without a listener) print the notice on stderr', () => {
    const dataDir = path.join(root, 'cli')
    fs.mkdirSync(dataDir, { mode: 0o777 })
    fs.chmodSync(dataDir, 0o777)
    const lines: string[] = []
    const write = process.stderr.write
    process.stderr.write = ((chunk: string) => (lines.push(String(chunk)), true)) as typeof process.stderr.write
    try {
      openDatabase(path.join(dataDir, 'studio.sqlite')).close()
    } finally {
      process.stderr.write = write
    }
    expect(lines.join('')).toContain(`Chatflow Studio: The folder ${dataDir} could be read by other users`)
    expect(mode(dataDir)).toBe('700')
    expect(mode(path.join(dataDir, 'studio.sqlite'))).toBe('600')
  })
})
