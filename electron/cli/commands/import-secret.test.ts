import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { openDatabase } from '../../services/db/open'
import { orderTotalFlow } from '../../services/webhook/testing/fixtures'
import { hashSecret } from '../../services/webhook/secrets'
import { importCommand } from './import'
import { secretCommand } from './secret'

let dir: string
let out: string
let err: string

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-cli-'))
  out = ''
  err = ''
  vi.spyOn(process.stdout, 'write').mockImplementation((c) => ((out += String(c)), true))
  vi.spyOn(process.stderr, 'write').mockImplementation((c) => ((err += String(c)), true))
})
afterEach(() => {
  vi.restoreAllMocks()
  fs.rmSync(dir, { recursive: true, force: true })
})

const dataDir = () => path.join(dir, 'data')
const writeFlow = (doc: unknown, name = 'flow.json') => {
  const file = path.join(dir, name)
  fs.writeFileSync(file, typeof doc === 'string' ? doc : JSON.stringify(doc))
  return file
}
const query = <T>(sql: string, ...args: unknown[]): T[] => {
  const db = openDatabase(path.join(dataDir(), 'studio.sqlite'))
  try {
    return db.prepare(sql).all(...args) as T[]
  } finally {
    db.close()
  }
}

it('imports a flow under its own id, and a second import becomes a new revision', async () => {
  const file = writeFlow(orderTotalFlow('flw_imported'))
  expect(await importCommand.run([file, '--data-dir', dataDir()])).toBe(0)
  expect(out).toContain('flw_imported')
  expect(await importCommand.run([file, '--data-dir', dataDir()])).toBe(0)
  expect(query('SELECT id, revision, active FROM flows')).toEqual([{ id: 'flw_imported', revision: 2, active: 1 }])
  expect(query<{ reason: string }>('SELECT reason FROM flow_revisions ORDER BY revision').map((r) => r.reason)).toEqual(
    ['import', 'import'],
  )
})

it('writes nothing and exits 1 for a file that is not a valid flow', async () => {
  const bad = {
    ...orderTotalFlow('flw_bad'),
    nodes: [{ id: 'n', type: 'teleport', name: 'x', position: { x: 0, y: 0 }, config: {} }],
  }
  expect(await importCommand.run([writeFlow(bad), '--data-dir', dataDir()])).toBe(1)
  expect(err).toMatch(/nodes\/0\/type/)
  expect(await importCommand.run([writeFlow('{ nope', 'x.json'), '--data-dir', dataDir()])).toBe(1)
  expect(await importCommand.run([path.join(dir, 'missing.json'), '--data-dir', dataDir()])).toBe(1)
  expect(fs.existsSync(dataDir())).toBe(false)
  expect(await importCommand.run(['--data-dir', dataDir()])).toBe(2)
})

// Issue 39: the secret is stored as its digest, so it is printed once, when made; --rotate makes a new one.
it('prints a new secret once, stores only its digest, refuses to print it again, rotates on --rotate', async () => {
  await importCommand.run([writeFlow(orderTotalFlow('flw_s')), '--data-dir', dataDir()])
  out = ''
  expect(await secretCommand.run(['flw_s', '--data-dir', dataDir()])).toBe(0)
  const first = out.trim()
  expect(first).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/)
  const stored = query<{ secret: string; hint: string }>('SELECT secret, hint FROM webhook_secrets')
  expect(stored).toEqual([{ secret: hashSecret(first), hint: first.slice(-4) }])
  expect(JSON.stringify(stored)).not.toContain(first.slice(6))
  out = ''
  expect(await secretCommand.run(['flw_s', '--data-dir', dataDir()])).toBe(1)
  expect(out).toBe('')
  expect(err).toContain('flw_s already has a webhook secret. It is kept hashed and cannot be shown again')
  expect(await secretCommand.run(['flw_s', '--data-dir', dataDir(), '--rotate'])).toBe(0)
  expect(out.trim()).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/)
  expect(out.trim()).not.toBe(first)
  expect(query('SELECT secret FROM webhook_secrets')).toEqual([{ secret: hashSecret(out.trim()) }])
  expect(await secretCommand.run(['flw_unknown', '--data-dir', dataDir()])).toBe(1)
  expect(err).toContain('flw_unknown')
})

it('refuses a data folder without a studio database and creates nothing there', async () => {
  const typo = path.join(dir, 'no-such-studio')
  expect(await secretCommand.run(['flw_s', '--data-dir', typo])).toBe(1)
  expect(err).toContain(`there is no studio database at ${path.join(typo, 'studio.sqlite')}`)
  expect(fs.existsSync(typo)).toBe(false)
  expect(await secretCommand.run(['--data-dir', typo])).toBe(2)
})
