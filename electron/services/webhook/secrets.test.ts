import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Database } from 'better-sqlite3'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { openDatabase } from '../db/open'
import {
  expectedDigest,
  generateSecret,
  hashSecret,
  hintOf,
  maskSecret,
  SecretStore,
  verifyStoredSecret,
} from './secrets'

// Secrets in a real SQLite file: one per flow, kept until rotated, and checked against the current one only.
let dir: string
let db: Database
let store: SecretStore

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-secrets-'))
  db = openDatabase(path.join(dir, 'studio.sqlite'))
  store = new SecretStore(db)
})
afterEach(() => {
  db.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

it('generates 32 random bytes behind the whsec_ prefix, never the same twice', () => {
  const many = Array.from({ length: 200 }, generateSecret)
  for (const s of many) expect(s).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/)
  expect(new Set(many).size).toBe(200)
  expect(Buffer.from(many[0]!.slice(6), 'base64url')).toHaveLength(32)
})

it('masks all but the last four characters', () => {
  const s = generateSecret()
  expect(maskSecret(hintOf(s))).toBe(`whsec_••••••••${s.slice(-4)}`)
  expect(maskSecret(hintOf(s))).not.toContain(s.slice(6, -4))
})

it('keeps one secret per flow until rotated, and verifies only the current one of that flow', () => {
  const made = store.ensure('flw_a')
  const a = made.secret!
  expect(a).toMatch(/^whsec_/)
  // Made once: a later ask finds the row and has no secret to give.
  expect(store.ensure('flw_a')).toEqual({ row: made.row, secret: null })
  const b = store.ensure('flw_b').secret!
  expect(b).not.toBe(a)
  expect(store.verify('flw_a', a)).toBe(true)
  expect(store.verify('flw_a', b)).toBe(false)
  expect(store.verify('flw_a', a.slice(0, -1))).toBe(false)
  expect(store.verify('flw_a', '')).toBe(false)

  const rotated = store.rotate('flw_a')
  expect(rotated.secret).not.toBe(a)
  expect(rotated.row.rotated_at).not.toBeNull()
  expect(store.verify('flw_a', a)).toBe(false)
  expect(store.verify('flw_a', rotated.secret)).toBe(true)
})

// Issue 39, item 2: the database held every flow's key in plain text.
it('stores only the digest and the last four characters, never the secret', () => {
  const { secret } = store.ensure('flw_a')
  const { secret: rotated } = store.rotate('flw_b')
  const rows = JSON.stringify(db.prepare('SELECT * FROM webhook_secrets').all())
  for (const s of [secret!, rotated]) {
    expect(rows).not.toContain(s.slice(6, -4))
    expect(rows).toContain(hashSecret(s))
  }
  expect(store.get('flw_a')).toMatchObject({ secret: hashSecret(secret!), hint: secret!.slice(-4) })
  expect(hashSecret(secret!)).toMatch(/^sha256:[0-9a-f]{64}$/)
  // Nor in the file's bytes (the write-ahead log included), where a deleted page could still hold it.
  db.pragma('wal_checkpoint(TRUNCATE)')
  const bytes = fs.readFileSync(path.join(dir, 'studio.sqlite')).toString('latin1')
  expect(bytes).not.toContain(secret!.slice(6))
  expect(bytes).toContain(hashSecret(secret!))
})

// timingSafeEqual takes equal lengths only, and its time depends on the length alone: every stored form (a digest, a
// secret an older version stored whole, no secret at all) must stand for a 32-byte digest, as the key's digest is.
it('compares 32-byte digests, whatever the key or the stored form, and accepts only the right key', () => {
  const { secret } = store.ensure('flw_a')
  for (const stored of [hashSecret(secret!), secret!, 'sha256:not-hex', null])
    expect(expectedDigest(stored)).toHaveLength(32)
  expect(expectedDigest(hashSecret(secret!))).toEqual(expectedDigest(secret!))
  for (const key of ['x', 'x'.repeat(500), '', hashSecret(secret!)]) expect(store.verify('flw_a', key)).toBe(false)
  expect(verifyStoredSecret(secret!, secret!)).toBe(true)
  expect(verifyStoredSecret(secret!, hashSecret(secret!))).toBe(true)
  expect(verifyStoredSecret(hashSecret(secret!), hashSecret(secret!))).toBe(false)
  expect(verifyStoredSecret(secret!, null)).toBe(false)
})

it('refuses every key for a flow without a secret, including the secret of another flow', () => {
  const a = store.ensure('flw_a').secret!
  expect(store.verify('flw_none', a)).toBe(false)
  expect(store.verify('flw_none', '')).toBe(false)
  expect(store.get('flw_none')).toBeNull()
})
