import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { tempDb, type TempDb } from '../../services/transfer/testing/support'
import { publishKeys, SECRETS_KEY_ENV, SECRETS_KEY_FILE, type PublishKeys } from './key-file'
import type { KeyProtector } from './key-protector'
import { PublishClient } from './servers'

const open: TempDb[] = []
afterEach(() => open.splice(0).forEach((t) => t.close()))

// Stands in for Electron's safeStorage, which exists only inside Electron: any reversible transform that is not
// the identity shows the database never holds the key as typed.
const sealed: KeyProtector = {
  kind: 'safeStorage',
  protect: (k) => Buffer.from(`sealed:${k}`).toString('base64'),
  reveal: (s) =>
    Buffer.from(s, 'base64')
      .toString()
      .replace(/^sealed:/, ''),
}

/** Keys as Electron keeps them: sealed by the OS key store, with the data folder's key file behind keyFile rows. */
const electronKeys = (dataDir: string): PublishKeys => {
  const file = publishKeys(dataDir, () => {}, {})
  return { ...file, current: () => sealed, reader: (kind) => (kind === 'safeStorage' ? sealed : file.reader(kind)) }
}

it('keeps the key through the protector, never as typed, and keeps it when an edit omits it', () => {
  const t = tempDb()
  open.push(t)
  const client = new PublishClient(t.db, () => 1, electronKeys(t.dir))
  const s = client.save({ name: 'Prod', baseUrl: 'https://bots.example.com/api/v1/', key: 'pk_live_0123456789abcdef' })
  expect(s).toMatchObject({ baseUrl: 'https://bots.example.com/api/v1', keyStorage: 'safeStorage' })
  const raw = () => t.db.prepare('SELECT key FROM publish_servers').pluck().get() as string
  expect(raw()).not.toContain('pk_live')
  expect(sealed.reveal(raw())).toBe('pk_live_0123456789abcdef')
  client.save({ id: s.id, name: 'Production', baseUrl: s.baseUrl })
  expect(sealed.reveal(raw())).toBe('pk_live_0123456789abcdef')
  expect(() => client.save({ name: 'Production', baseUrl: s.baseUrl, key: 'pk_live_0123456789abcdef' })).toThrow(
    /exists/,
  )
  expect(() => client.save({ name: 'No key', baseUrl: s.baseUrl })).toThrow(/API key/)
})

it('refuses to send a key sealed by the desktop app from a host without its key store', async () => {
  const t = tempDb()
  open.push(t)
  const s = new PublishClient(t.db, () => 1, electronKeys(t.dir)).save({
    name: 'Prod',
    baseUrl: 'http://127.0.0.1:9/api/v1',
    key: 'pk_live_0123456789abcdef',
  })
  await expect(
    new PublishClient(
      t.db,
      () => 1,
      publishKeys(t.dir, () => {}, {}),
    ).versions(s.id, 'flw_x'),
  ).rejects.toThrow(/sealed by the operating system's key store; enter it again/)
})

/** A production server on loopback that records the Authorization header of each request. */
async function recordingServer(): Promise<{ url: string; seen: string[]; close(): Promise<void> }> {
  const seen: string[] = []
  const server = http.createServer((req, res) => {
    seen.push(String(req.headers.authorization))
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"versions":[]}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/api/v1`, seen, close: () => new Promise((r) => server.close(() => r())) }
}

// Issue 39, item 2: the browser host and the CLI kept publish keys as typed in the database.
describe('without an OS key store (browser host, CLI)', () => {
  it('encrypts with secrets.key (0600) in the data folder, and sends the key as typed', async () => {
    const t = tempDb()
    open.push(t)
    const server = await recordingServer()
    try {
      const client = new PublishClient(
        t.db,
        () => 1,
        publishKeys(t.dir, () => {}, {}),
      )
      const s = client.save({ name: 'Prod', baseUrl: server.url, key: 'pk_live_0123456789abcdef' })
      expect(s.keyStorage).toBe('keyFile')
      const raw = t.db.prepare('SELECT key FROM publish_servers').pluck().get() as string
      expect(raw).not.toContain('pk_live')
      expect(raw).toMatch(/^v1\./)
      const keyFile = path.join(t.dir, SECRETS_KEY_FILE)
      if (process.platform !== 'win32') expect((fs.statSync(keyFile).mode & 0o777).toString(8)).toBe('600')
      await client.versions(s.id, 'flw_x')
      expect(server.seen).toEqual(['Bearer pk_live_0123456789abcdef'])
      // The database without its key file (a backup, a copy sent for support) holds no usable key.
      fs.renameSync(keyFile, `${keyFile}.away`)
      const elsewhere = new PublishClient(
        t.db,
        () => 1,
        publishKeys(t.dir, () => {}, {}),
      )
      await expect(elsewhere.versions(s.id, 'flw_x')).rejects.toThrow(
        /cannot be decrypted .*Enter the server's API key again/,
      )
      expect(server.seen).toHaveLength(1)
    } finally {
      await server.close()
    }
  })

  it('uses CHATFLOW_SECRETS_KEY when set (no key file), and refuses a malformed one with a clear message', async () => {
    const t = tempDb()
    open.push(t)
    const env = { [SECRETS_KEY_ENV]: crypto.randomBytes(32).toString('base64') }
    const client = new PublishClient(
      t.db,
      () => 1,
      publishKeys(t.dir, () => {}, env),
    )
    const s = client.save({ name: 'Prod', baseUrl: 'https://bots.example.com/api/v1', key: 'pk_env_0123456789' })
    expect(fs.existsSync(path.join(t.dir, SECRETS_KEY_FILE))).toBe(false)
    const raw = t.db.prepare('SELECT key FROM publish_servers').pluck().get() as string
    expect(
      publishKeys(t.dir, () => {}, env)
        .reader('keyFile')!
        .reveal(raw),
    ).toBe('pk_env_0123456789')
    const bad = new PublishClient(
      t.db,
      () => 1,
      publishKeys(t.dir, () => {}, { [SECRETS_KEY_ENV]: 'short' }),
    )
    expect(() => bad.save({ id: s.id, name: 'Prod', baseUrl: 'https://x.example/api/v1', key: 'k' })).toThrow(
      /CHATFLOW_SECRETS_KEY must be 32 random bytes in base64 or hex/,
    )
  })

  it.runIf(process.platform !== 'win32')('tightens a key file other users could read, with a notice', () => {
    const t = tempDb()
    open.push(t)
    const keys = publishKeys(t.dir, () => {}, {})
    keys.current().protect('x')
    const file = path.join(t.dir, SECRETS_KEY_FILE)
    fs.chmodSync(file, 0o644)
    const told: string[] = []
    const stored = publishKeys(t.dir, (m) => told.push(m), {})
      .current()
      .protect('pk_1')
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600')
    expect(told).toEqual([expect.stringContaining(`The file ${file} could be read by other users`)])
    expect(keys.reader('keyFile')!.reveal(stored)).toBe('pk_1')
  })
})

it('safeStorageProtector wraps a safeStorage-shaped object, and declines when encryption is unavailable', async () => {
  const { safeStorageProtector } = await import('./key-protector')
  const fake = (available: boolean) => ({
    isEncryptionAvailable: () => available,
    encryptString: (s: string) => Buffer.from([...Buffer.from(s)].map((b) => b ^ 0x5a)),
    decryptString: (b: Buffer) => Buffer.from([...b].map((x) => x ^ 0x5a)).toString(),
  })
  expect(safeStorageProtector(fake(false))).toBeNull()
  const p = safeStorageProtector(fake(true))!
  const stored = p.protect('pk_live_0123456789abcdef')
  expect(stored).not.toContain('pk_live')
  expect(p.reveal(stored)).toBe('pk_live_0123456789abcdef')
})
