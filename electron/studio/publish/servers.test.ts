import { afterEach, expect, it } from 'vitest'
import { tempDb, type TempDb } from '../transfer/testing/support'
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

it('keeps the key through the protector, never as typed, and keeps it when an edit omits it', () => {
  const t = tempDb()
  open.push(t)
  const client = new PublishClient(
    t.db,
    () => 1,
    () => sealed,
  )
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

it('refuses to send a key saved by a host with another key store', async () => {
  const t = tempDb()
  open.push(t)
  const s = new PublishClient(
    t.db,
    () => 1,
    () => sealed,
  ).save({ name: 'Prod', baseUrl: 'http://127.0.0.1:9/api/v1', key: 'pk_live_0123456789abcdef' })
  await expect(new PublishClient(t.db, () => 1).versions(s.id, 'flw_x')).rejects.toThrow(/enter it again/)
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
