import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { serveCommand } from './serve'

// The refusals of `chatflow serve`; a running serve (print, SIGKILL, SIGTERM) is covered by the webhook fault test.
let dir: string
let err = ''

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-serve-'))
  err = ''
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
  vi.spyOn(process.stderr, 'write').mockImplementation((c) => ((err += String(c)), true))
})
afterEach(() => {
  vi.restoreAllMocks()
  delete process.env.CHATFLOW_WEBHOOK_PORT
  delete process.env.CHATFLOW_WEBHOOK_HOST
  fs.rmSync(dir, { recursive: true, force: true })
})

it('names the port in use, suggests a free one and exits 1', async () => {
  const blocker = net.createServer()
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
  const port = (blocker.address() as net.AddressInfo).port
  try {
    expect(await serveCommand.run(['--data-dir', dir, '--port', String(port)])).toBe(1)
    expect(err).toContain(`Port ${port} on 127.0.0.1 is already in use`)
    expect(err).toMatch(/Try: chatflow serve --port \d+/)
  } finally {
    blocker.close()
  }
})

it('refuses a bad port as usage', async () => {
  expect(await serveCommand.run(['--data-dir', dir, '--port', '70000'])).toBe(2)
  expect(await serveCommand.run(['--data-dir', dir, '--bogus'])).toBe(2)
})
