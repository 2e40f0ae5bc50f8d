// `chatflow import` and the CLI's other file readers refuse a file nested too deep (naming the path) or larger than
// the import limit, before opening the database: nothing is written.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { orderTotalFlow } from '../../studio/webhook/fixtures'
import { importCommand } from './import'
import { readInputFile } from './input-file'

let dir: string
let err: string

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-cli-hostile-'))
  err = ''
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
  vi.spyOn(process.stderr, 'write').mockImplementation((c) => ((err += String(c)), true))
})
afterEach(() => {
  vi.restoreAllMocks()
  fs.rmSync(dir, { recursive: true, force: true })
})

it('refuses a flow whose samples nest 100,000 levels, naming the path, and creates no database', async () => {
  const head = JSON.stringify(orderTotalFlow('flw_deep')).slice(0, -1)
  const file = path.join(dir, 'deep.flow.json')
  fs.writeFileSync(file, `${head},"samples":{"http_call_1":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`)
  const data = path.join(dir, 'data')
  expect(await importCommand.run([file, '--data-dir', data])).toBe(1)
  expect(err).toMatch(/deep\.flow\.json: \/samples\/http_call_1\/0\/0\/.*nested more than 64 levels deep/)
  expect(err).toMatch(/nothing was imported/)
  expect(fs.existsSync(path.join(data, 'studio.sqlite'))).toBe(false)
})

it('refuses a file over the size limit without reading it', async () => {
  const file = path.join(dir, 'big.json')
  fs.writeFileSync(file, Buffer.alloc(2048, 0x20))
  expect(readInputFile(file, 1024)).toEqual({ ok: false, reason: 'it is 2 KiB, larger than the 1 KiB a file may be' })
  expect(readInputFile(path.join(dir, 'missing.json'))).toEqual({ ok: false, reason: 'ENOENT' })
})
