import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Database } from 'better-sqlite3'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { openDatabase } from '../db/open'
import { generateSecret, maskSecret, SecretStore } from './secrets'

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
  expect(maskSecret(s)).toBe(`whsec_••••••••${s.slice(-4)}`)
  expect(maskSecret(s)).not.toContain(s.slice(6, -4))
})

it('keeps one secret per flow until rotated, and verifies only the current one of that flow', () => {
  const a = store.ensure('flw_a').secret
  expect(store.ensure('flw_a').secret).toBe(a)
  const b = store.ensure('flw_b').secret
  expect(b).not.toBe(a)
  expect(store.verify('flw_a', a)).toBe(true)
  expect(store.verify('flw_a', b)).toBe(false)
  expect(store.verify('flw_a', a.slice(0, -1))).toBe(false)
  expect(store.verify('flw_a', '')).toBe(false)

  const rotated = store.rotate('flw_a')
  expect(rotated.secret).not.toBe(a)
  expect(rotated.rotated_at).not.toBeNull()
  expect(store.verify('flw_a', a)).toBe(false)
  expect(store.verify('flw_a', rotated.secret)).toBe(true)
})

it('refuses every key for a flow without a secret, including the secret of another flow', () => {
  const a = store.ensure('flw_a').secret
  expect(store.verify('flw_none', a)).toBe(false)
  expect(store.verify('flw_none', '')).toBe(false)
  expect(store.get('flw_none')).toBeNull()
})
