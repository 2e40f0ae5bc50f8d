import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { openDatabase } from '../../services/db/open'
import { exampleFlow, seedExamples } from '../../services/transfer/testing/support'
import { BreakpointStore } from '../../studio/breakpoints/store'
import { exportCommand } from './export'
import { importCommand } from './import'

// `chatflow export --include-breakpoints` and `chatflow import` carry breakpoints like the studio's Export and Import
// (docs/flow-format.md, "Breakpoints").

let dir: string
let err: string
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-cli-breakpoints-'))
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

it('exports breakpoints only with --include-breakpoints; import keeps them beside the flow, not in it', async () => {
  const age = exampleFlow('age-gate')
  const node = age.nodes[1]!
  const list = [{ id: 'b1', at: { kind: 'node' as const, nodeId: node.id }, enabled: true }]
  withDb(at('a'), (db) => {
    seedExamples(db)
    new BreakpointStore(db).replace(age.id, list)
  })
  const docOf = (file: string) =>
    (JSON.parse(fs.readFileSync(at(file), 'utf8')) as { flows: { document: { debug?: unknown } }[] }).flows[0]!.document
  expect(await exportCommand.run(['--data-dir', at('a'), '--flow', age.id, '--out', at('plain.json')])).toBe(0)
  expect(docOf('plain.json')).not.toHaveProperty('debug')
  const args = ['--data-dir', at('a'), '--flow', age.id, '--include-breakpoints', '--out', at('with.json')]
  expect(await exportCommand.run(args)).toBe(0)
  expect(docOf('with.json').debug).toEqual({ breakpoints: list })

  expect(await importCommand.run([at('with.json'), '--data-dir', at('b')])).toBe(0)
  expect(err).not.toMatch(/note/)
  withDb(at('b'), (db) => {
    expect(new BreakpointStore(db).stored(age.id)).toEqual(list)
    const stored = db.prepare('SELECT document FROM flows WHERE id = ?').pluck().get(age.id) as string
    expect(JSON.parse(stored)).not.toHaveProperty('debug')
  })
})
