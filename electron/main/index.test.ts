// The main process's lifecycle with 'electron' replaced by electron/main/testing/electron.ts (no Electron runtime here):
// the single-instance lock, the data folder, the database driver, and what a user sees when the data cannot open.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createRequire } from 'node:module'
import { DB_FILE_NAME } from '../studio/backend'
import { openDatabase, type Database } from '../services/db/open'
import { IPC_CALL } from '../../shared/api/bridge'
import { ELECTRON_SQLITE_BINDING } from './args'
import type * as Fake from './testing/electron'

vi.mock('electron', () => import('./testing/electron'))

let dir: string
let electron: typeof Fake
const argv = process.argv
// The Node build of better-sqlite3 stands in for the copy built for Electron: same file name, same API.
const nodeBinding = path.join(
  path.dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')),
  'build/Release/better_sqlite3.node',
)

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-main-'))
  vi.resetModules()
  electron = (await import('electron')) as unknown as typeof Fake
  Object.assign(electron.app, {
    appPath: path.join(dir, 'app'),
    isPackaged: false,
    gotLock: true,
    quits: 0,
    exitCode: undefined,
  })
  electron.app.listeners.clear()
  electron.app.paths.clear()
  electron.errorBoxes.length = 0
  electron.BrowserWindow.all = []
  electron.safeStorage.available = false
  fs.mkdirSync(path.join(dir, 'app', path.dirname(ELECTRON_SQLITE_BINDING)), { recursive: true })
  fs.copyFileSync(nodeBinding, path.join(dir, 'app', ELECTRON_SQLITE_BINDING))
})
afterEach(async () => {
  process.argv = argv
  fs.rmSync(dir, { recursive: true, force: true })
})

/** Loads electron/main/index.ts as Electron would, with `args` on its command line; resolves once started. */
async function launch(args: string[]): Promise<void> {
  process.argv = ['/opt/electron/electron', path.join(dir, 'app'), ...args]
  let ready!: () => void
  electron.app.ready = new Promise<void>((resolve) => (ready = resolve))
  await import('./index')
  ready()
  await new Promise((resolve) => setTimeout(resolve, 0))
}

async function quit(): Promise<void> {
  const event = { preventDefault: vi.fn() }
  electron.app.emit('will-quit', event)
  await vi.waitFor(() => expect(electron.app.quits).toBeGreaterThan(0))
}

describe('the desktop app starting', () => {
  it("puts every renderer in Chromium's sandbox before the app is ready", async () => {
    electron.app.sandboxEnabled = false
    await launch(['--data-dir', path.join(dir, 'sandboxed')])
    expect(electron.app.sandboxEnabled).toBe(true)
    await quit()
  })

  it('opens its database in --data-dir with Electron’s driver, then one window; a second launch focuses it', async () => {
    const data = path.join(dir, 'my flows')
    await launch(['--data-dir', data])
    expect(electron.errorBoxes).toEqual([])
    expect(electron.app.paths.get('userData')).toBe(data)
    expect(fs.existsSync(path.join(data, DB_FILE_NAME))).toBe(true)
    expect(electron.BrowserWindow.all).toHaveLength(1)
    expect(electron.BrowserWindow.all[0]!.loadedUrl).toBe('app://studio/index.html#/flows')

    electron.app.emit('second-instance')
    expect(electron.BrowserWindow.all).toHaveLength(1)
    expect(electron.BrowserWindow.all[0]!.focused).toBe(1)

    await quit()
    // Closed on quit: another studio can now take the file.
    const db: Database = openDatabase(path.join(data, DB_FILE_NAME))
    db.close()
  })

  it('quits at once when another instance holds the single-instance lock', async () => {
    electron.app.gotLock = false
    await launch(['--data-dir', path.join(dir, 'second')])
    expect(electron.app.quits).toBe(1)
    expect(electron.app.listeners.has('second-instance')).toBe(false)
    expect(fs.existsSync(path.join(dir, 'second', DB_FILE_NAME))).toBe(false)
    expect(electron.BrowserWindow.all).toHaveLength(0)
  })

  it('shows why and exits when another studio holds the database, leaving it as it was', async () => {
    const data = path.join(dir, 'busy')
    fs.mkdirSync(data)
    // Through the same driver file: two copies of SQLite in one process do not see each other's POSIX locks
    // (between processes, as between two studios, they do; db/open.test.ts shows that).
    const holder = openDatabase(path.join(data, DB_FILE_NAME), {
      nativeBinding: path.join(dir, 'app', ELECTRON_SQLITE_BINDING),
    })
    try {
      await launch([`--data-dir=${data}`])
      expect(electron.errorBoxes).toEqual([
        {
          title: 'Chatflow Studio cannot open its data',
          content: expect.stringMatching(/in use by another running Chatflow Studio/),
        },
      ])
      expect(electron.app.exitCode).toBe(1)
      expect(electron.BrowserWindow.all).toHaveLength(0)
    } finally {
      holder.close()
    }
  })

  it('shows why when a file that is not a database is in the way, and never overwrites it', async () => {
    const data = path.join(dir, 'notes')
    fs.mkdirSync(data)
    fs.writeFileSync(path.join(data, DB_FILE_NAME), 'my notes\n')
    await launch(['--data-dir', data])
    expect(electron.errorBoxes[0]?.content).toMatch(/damaged or is not a Chatflow Studio database/)
    expect(electron.app.exitCode).toBe(1)
    expect(fs.readFileSync(path.join(data, DB_FILE_NAME), 'utf8')).toBe('my notes\n')
  })

  it('says how to build the database driver for Electron when it is missing', async () => {
    fs.rmSync(path.join(dir, 'app', ELECTRON_SQLITE_BINDING))
    await launch(['--data-dir', path.join(dir, 'd')])
    expect(electron.errorBoxes[0]?.content).toMatch(/npm run install-electron/)
    expect(electron.app.exitCode).toBe(1)
  })
})

// Issue 39, item 2: what the desktop app keeps in its data folder is its user's only, and the API keys of production
// servers are sealed by the OS keychain (safeStorage) where there is one, else by the data folder's secrets key.
describe.runIf(process.platform !== 'win32')('the desktop app keeping secrets', () => {
  const call = (command: string, payload: unknown) =>
    electron.ipcMain.handlers.get(IPC_CALL)!({ senderFrame: { url: 'app://studio/index.html' } }, command, payload)
  const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8)
  const savedKeys = (data: string) => {
    const db = openDatabase(path.join(data, DB_FILE_NAME))
    try {
      return db.prepare('SELECT key, key_storage FROM publish_servers ORDER BY name').all() as Array<{
        key: string
        key_storage: string
      }>
    } finally {
      db.close()
    }
  }

  it('makes its data folder 0700 and its database 0600, and seals publish keys with the OS keychain', async () => {
    electron.safeStorage.available = true
    const data = path.join(dir, 'desktop')
    await launch(['--data-dir', data])
    expect(mode(data)).toBe('700')
    expect(mode(path.join(data, DB_FILE_NAME))).toBe('600')
    const saved = (await call('publish.servers.save', {
      name: 'Prod',
      baseUrl: 'https://bots.example.com/api/v1',
      key: 'pk_live_desktop_0123',
    })) as { ok: boolean; value: { keyStorage: string } }
    expect(saved).toMatchObject({ ok: true, value: { keyStorage: 'safeStorage' } })
    expect(await call('publish.servers.list', {})).toMatchObject({
      value: { keyStorage: expect.stringMatching(/operating system's key store/) },
    })
    await quit()
    const [row] = savedKeys(data)
    expect(row!.key_storage).toBe('safeStorage')
    expect(row!.key).not.toContain('pk_live')
    expect(electron.safeStorage.decryptString(Buffer.from(row!.key, 'base64'))).toBe('pk_live_desktop_0123')
    expect(fs.existsSync(path.join(data, 'secrets.key'))).toBe(false)
  })

  it('without a keychain, encrypts with secrets.key (0600); a key an older version kept as typed is sealed at start', async () => {
    const data = path.join(dir, 'no-keychain')
    // What an older version left: a folder and database open to others, and a key stored as typed.
    const old = openDatabase(path.join(data, DB_FILE_NAME), { onPermissions: () => {} })
    old
      .prepare(
        "INSERT INTO publish_servers (id, name, base_url, key, key_storage, created_at) VALUES ('srv_old', 'Old', 'https://old.example.com/api/v1', 'pk_typed_long_ago', 'plain', 1)",
      )
      .run()
    old.close()
    fs.chmodSync(data, 0o755)
    fs.chmodSync(path.join(data, DB_FILE_NAME), 0o644)

    await launch(['--data-dir', data])
    expect(mode(data)).toBe('700')
    expect(mode(path.join(data, DB_FILE_NAME))).toBe('600')
    expect(await call('studio.notices', {})).toMatchObject({
      value: { notices: expect.arrayContaining([expect.objectContaining({ code: 'permissions_tightened' })]) },
    })
    const saved = await call('publish.servers.save', {
      name: 'Prod',
      baseUrl: 'https://bots.example.com/api/v1',
      key: 'pk_new_0123456789abcdef',
    })
    expect(saved).toMatchObject({ ok: true, value: { keyStorage: 'keyFile' } })
    await quit()
    expect(mode(path.join(data, 'secrets.key'))).toBe('600')
    const rows = savedKeys(data)
    expect(rows.map((r) => r.key_storage)).toEqual(['keyFile', 'keyFile'])
    expect(JSON.stringify(rows)).not.toMatch(/pk_typed_long_ago|pk_new_0123456789abcdef/)
  })
})
