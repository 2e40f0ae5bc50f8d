// Issue 18, case 9: a data folder that cannot be created gave "internal error … ENOENT" and exit 70. Now every host
// says which folder, why, and how to choose another, and exits 1.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createBackend } from '../studio/backend'
import { ROOT, serverBuildDir } from '../runtime/testing/server-build'

let dir: string
let blocked: string
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-datadir-'))
  fs.writeFileSync(path.join(dir, 'a-file'), 'not a folder')
  blocked = path.join(dir, 'a-file', 'studio-data')
  fs.mkdirSync(path.join(dir, 'renderer'))
  fs.writeFileSync(path.join(dir, 'renderer', 'index.html'), '<!doctype html><title>Chatflow Studio</title>')
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const clear = () =>
  new RegExp(
    `Cannot use the data folder ${blocked.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: part of the path is a file, not a folder\\. Choose another with --data-dir`,
  )

it('refuses in the back end with a stable code', () => {
  expect(() => createBackend({ dataDir: blocked })).toThrow(
    expect.objectContaining({ code: 'data_dir_unusable', message: expect.stringMatching(clear()) }),
  )
})

it('the browser host says so and exits 1', () => {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'electron/web/index.ts', '--port', '0', '--data-dir', blocked],
    {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, CHATFLOW_RENDERER_DIR: path.join(dir, 'renderer') },
    },
  )
  expect(r.stderr).toMatch(clear())
  expect(r.stderr).not.toMatch(/internal error/)
  expect(r.status).toBe(1)
})

it('chatflow serve says so and exits 1', () => {
  const r = spawnSync(
    process.execPath,
    [path.join(serverBuildDir(), 'chatflow.mjs'), 'serve', '--port', '0', '--data-dir', blocked],
    { cwd: dir, encoding: 'utf8', timeout: 60_000 },
  )
  expect(r.stderr).toMatch(clear())
  expect(r.status).toBe(1)
})
