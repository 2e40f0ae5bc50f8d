import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { orderTotalFlow } from '../../services/webhook/testing/fixtures'
import { hashSecret } from '../../services/webhook/secrets'
import { importCommand } from './import'
import { openDatabase } from '../../services/db/open'
import { useCliSandbox } from '../testing/cli-sandbox'
import { secretCommand } from './secret'

const cli = useCliSandbox('chatflow-cli-')

const dataDir = () => path.join(cli.dir, 'data')
const writeFlow = (doc: unknown, name = 'flow.json') => {
  const file = path.join(cli.dir, name)
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
  expect(cli.out).toContain('flw_imported')
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
  expect(cli.err).toMatch(/nodes\/0\/type/)
  expect(await importCommand.run([writeFlow('{ nope', 'x.json'), '--data-dir', dataDir()])).toBe(1)
  expect(await importCommand.run([path.join(cli.dir, 'missing.json'), '--data-dir', dataDir()])).toBe(1)
  expect(fs.existsSync(dataDir())).toBe(false)
  expect(await importCommand.run(['--data-dir', dataDir()])).toBe(2)
})

// Issue 39: the secret is stored as its digest, so it is printed once, when made; --rotate makes a new one.
it('prints a new secret once, stores only its digest, refuses to print it again, rotates on --rotate', async () => {
  await importCommand.run([writeFlow(orderTotalFlow('flw_s')), '--data-dir', dataDir()])
  cli.out = ''
  expect(await secretCommand.run(['flw_s', '--data-dir', dataDir()])).toBe(0)
  const first = cli.out.trim()
  expect(first).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/)
  const stored = query<{ secret: string; hint: string }>('SELECT secret, hint FROM webhook_secrets')
  expect(stored).toEqual([{ secret: hashSecret(first), hint: first.slice(-4) }])
  expect(JSON.stringify(stored)).not.toContain(first.slice(6))
  cli.out = ''
  expect(await secretCommand.run(['flw_s', '--data-dir', dataDir()])).toBe(1)
  expect(cli.out).toBe('')
  expect(cli.err).toContain('flw_s already has a webhook secret. It is kept hashed and cannot be shown again')
  expect(await secretCommand.run(['flw_s', '--data-dir', dataDir(), '--rotate'])).toBe(0)
  expect(cli.out.trim()).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/)
  expect(cli.out.trim()).not.toBe(first)
  expect(query('SELECT secret FROM webhook_secrets')).toEqual([{ secret: hashSecret(cli.out.trim()) }])
  expect(await secretCommand.run(['flw_unknown', '--data-dir', dataDir()])).toBe(1)
  expect(cli.err).toContain('flw_unknown')
})

it('refuses a data folder without a studio database and creates nothing there', async () => {
  const typo = path.join(cli.dir, 'no-such-studio')
  expect(await secretCommand.run(['flw_s', '--data-dir', typo])).toBe(1)
  expect(cli.err).toContain(`there is no studio database at ${path.join(typo, 'studio.sqlite')}`)
  expect(fs.existsSync(typo)).toBe(false)
  expect(await secretCommand.run(['--data-dir', typo])).toBe(2)
})
