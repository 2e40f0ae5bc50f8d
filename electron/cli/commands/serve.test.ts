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

it('refuses a bad database URL, publish port or outbound URL as usage', async () => {
  expect(await serveCommand.run(['--data-dir', dir, '--database-url', 'mysql://x'])).toBe(2)
  expect(err).toContain('--database-url must start with postgres://')
  expect(await serveCommand.run(['--data-dir', dir, '--publish-port', 'abc'])).toBe(2)
  expect(await serveCommand.run(['--data-dir', dir, '--outbound-url', 'ftp://gateway'])).toBe(2)
  expect(err).toContain('the outbound URL must be http or https')
  expect(await serveCommand.run(['--data-dir', dir, '--retention-days', '0'])).toBe(2)
  expect(err).toContain("--retention-days must be a whole number of days from 1, not '0'")
})

it('refuses --channel cloud-api without its settings as usage, naming the first one missing', async () => {
  expect(
    await serveCommand.run(['--data-dir', dir, '--channel', 'cloud-api', '--cloud-phone-number-id', '106540352242922']),
  ).toBe(2)
  expect(err).toContain('--channel cloud-api needs the access token in CHATFLOW_CLOUD_API_TOKEN')
  expect(await serveCommand.run(['--data-dir', dir, '--publish-key', 'pk_0123456789abcdef   # for the studio'])).toBe(2)
  expect(err).toContain(
    'the publish key (CHATFLOW_PUBLISH_KEY) holds a space or line break: a comment in an environment file goes on a line of its own',
  )
  expect(err).not.toContain('for the studio')
  expect(await serveCommand.run(['--data-dir', dir, '--log-level', 'loud'])).toBe(2)
  expect(err).toContain("--log-level must be one of fatal, error, warn, info, debug, trace, silent, not 'loud'")
})

it('says why it cannot reach PostgreSQL and exits 1', async () => {
  const closed = net.createServer()
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
  const port = (closed.address() as net.AddressInfo).port
  await new Promise<void>((resolve) => closed.close(() => resolve()))
  expect(await serveCommand.run(['--database-url', `postgres://nobody@127.0.0.1:${port}/none`, '--port', '0'])).toBe(1)
  expect(err).toMatch(/chatflow serve: .*ECONNREFUSED/)
})

it('refuses bad model provider settings as usage, naming the variable and never the key', async () => {
  process.env.CHATFLOW_MODEL_BASE_URL = 'http://127.0.0.1:11434/v1'
  process.env.CHATFLOW_MODEL_API_KEY = 'sk-live-123 # ours'
  try {
    expect(await serveCommand.run(['--data-dir', dir, '--port', '0'])).toBe(2)
    expect(err).toContain('name the model in CHATFLOW_MODEL')
    process.env.CHATFLOW_MODEL = 'llama3.2'
    expect(await serveCommand.run(['--data-dir', dir, '--port', '0'])).toBe(2)
    expect(err).toContain('CHATFLOW_MODEL_API_KEY holds a space or line break')
    expect(err).not.toContain('sk-live-123')
  } finally {
    delete process.env.CHATFLOW_MODEL_BASE_URL
    delete process.env.CHATFLOW_MODEL_API_KEY
    delete process.env.CHATFLOW_MODEL
  }
})

it('refuses bad takeover notification settings as usage, never printing the secret', async () => {
  expect(await serveCommand.run(['--data-dir', dir, '--handover-url', 'ftp://ops.example.com/hook'])).toBe(2)
  expect(err).toContain("--handover-url must be an http or https URL, not 'ftp://ops.example.com/hook'")
  process.env.CHATFLOW_HANDOVER_SECRET = 'short secret'
  try {
    expect(await serveCommand.run(['--data-dir', dir, '--handover-url', 'https://ops.example.com/hook'])).toBe(2)
    expect(err).toContain('CHATFLOW_HANDOVER_SECRET must be at least 16 characters')
    expect(await serveCommand.run(['--data-dir', dir])).toBe(2)
    expect(err).toContain('CHATFLOW_HANDOVER_SECRET is set but no --handover-url')
    expect(err).not.toContain('short secret')
  } finally {
    delete process.env.CHATFLOW_HANDOVER_SECRET
  }
})
