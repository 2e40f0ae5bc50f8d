import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { openDatabase } from '../../studio/db/open'
import { dump, exampleFlow, seedExamples } from '../../studio/transfer/test-support'
import { exportCommand } from './export'
import { importCommand } from './import'

let dir: string
let err: string

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-cli-transfer-'))
  err = ''
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
  vi.spyOn(process.stderr, 'write').mockImplementation((c) => ((err += String(c)), true))
})
afterEach(() => {
  vi.restoreAllMocks()
  fs.rmSync(dir, { recursive: true, force: true })
})

const at = (name: string) => path.join(dir, name)
function withDb<T>(dataDir: string, fn: (db: ReturnType<typeof openDatabase>) => T): T {
  fs.mkdirSync(dataDir, { recursive: true })
  const db = openDatabase(path.join(dataDir, 'studio.sqlite'))
  try {
    return fn(db)
  } finally {
    db.close()
  }
}

it('export → import into another data dir → export gives the same bytes', async () => {
  withDb(at('a'), (db) => seedExamples(db))
  expect(await exportCommand.run(['--data-dir', at('a'), '--out', at('a.json')])).toBe(0)
  expect(await importCommand.run([at('a.json'), '--data-dir', at('b')])).toBe(0)
  expect(await exportCommand.run(['--data-dir', at('b'), '--out', at('b.json')])).toBe(0)
  expect(fs.readFileSync(at('b.json'), 'utf8')).toBe(fs.readFileSync(at('a.json'), 'utf8'))
  expect(JSON.parse(fs.readFileSync(at('b.json'), 'utf8')).flows).toHaveLength(3)
})

it('exports the chosen flows; an unknown one writes no file and exits 1', async () => {
  withDb(at('a'), (db) => seedExamples(db))
  const age = exampleFlow('age-gate').id
  expect(await exportCommand.run(['--data-dir', at('a'), '--flow', age, '--out', at('one.json')])).toBe(0)
  expect(JSON.parse(fs.readFileSync(at('one.json'), 'utf8')).flows.map((f: { document: { id: string } }) => f.document.id)).toEqual([age])
  expect(await exportCommand.run(['--data-dir', at('a'), '--flow', 'flw_nope', '--out', at('two.json')])).toBe(1)
  expect(err).toContain('flw_nope')
  expect(fs.existsSync(at('two.json'))).toBe(false)
  expect(await exportCommand.run(['--data-dir', at('a')])).toBe(2)
  expect(await exportCommand.run(['--data-dir', at('nowhere'), '--out', at('x.json')])).toBe(1)
})

it('--on-conflict keep-both and skip', async () => {
  withDb(at('a'), (db) => seedExamples(db, ['age-gate']))
  await exportCommand.run(['--data-dir', at('a'), '--out', at('a.json')])
  const before = withDb(at('a'), dump)
  expect(await importCommand.run([at('a.json'), '--data-dir', at('a'), '--on-conflict', 'skip'])).toBe(0)
  expect(withDb(at('a'), dump)).toBe(before)
  expect(await importCommand.run([at('a.json'), '--data-dir', at('a'), '--on-conflict', 'keep-both'])).toBe(0)
  expect(withDb(at('a'), (db) => db.prepare('SELECT name FROM flows ORDER BY name').pluck().all())).toEqual([
    exampleFlow('age-gate').name,
    `${exampleFlow('age-gate').name} (2)`,
  ])
  expect(await importCommand.run([at('a.json'), '--data-dir', at('a'), '--on-conflict', 'merge'])).toBe(2)
})

it('every kind of bad file exits 1, names the file and the path, and changes nothing', async () => {
  withDb(at('a'), (db) => seedExamples(db))
  await exportCommand.run(['--data-dir', at('a'), '--out', at('good.json')])
  const good = JSON.parse(fs.readFileSync(at('good.json'), 'utf8'))
  const variants: Record<string, (b: any) => unknown> = {
    truncated: () => fs.readFileSync(at('good.json'), 'utf8').slice(0, 200),
    'newer bundle': (b) => ({ ...b, format: 'chatflow.bundle/2' }),
    'bad node type': (b) => (b.flows[2].document.nodes[0].type = 'teleport', b),
    'bad test': (b) => (b.flows[0].tests[0].yaml = ': : :', b),
    'bad template': (b) => (b.templates[0].body = 'x'.repeat(2000), b),
    'duplicate ids': (b) => (b.flows[1].document.id = b.flows[0].document.id, b),
  }
  const before = withDb(at('a'), dump)
  for (const [name, make] of Object.entries(variants)) {
    const made = make(structuredClone(good))
    fs.writeFileSync(at(`${name}.json`), typeof made === 'string' ? made : JSON.stringify(made))
    err = ''
    expect(await importCommand.run([at(`${name}.json`), '--data-dir', at('a'), '--on-conflict', 'replace']), name).toBe(1)
    expect(err, name).toContain(`${name}.json: `)
    expect(err, name).toMatch(/nothing was imported/)
  }
  expect(err).toContain('/flows/1/document/id')
  expect(withDb(at('a'), dump)).toBe(before)
})
