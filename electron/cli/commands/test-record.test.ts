// `chatflow test --record` against a fake OpenAI-compatible endpoint on loopback, then the same test replayed with
// no provider at all: recordings make a model-backed Intent node testable offline.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { modelShopFlow } from '../../../shared/engine/testing/intent-flow'
import { chatAnswer, startFakeModelServer, type FakeModelServer } from '../../services/effects/testing/model-server'
import { testCommand } from './test'

const flow = modelShopFlow()
const TEST = `# A customer who cancels in their own words.
name: cancels in free words
trigger: { message: help }
turns:
  - user: "scrap it, I no longer want the thing"
    bot: [{ text: Cancelling }]
`

let server: FakeModelServer
let dir: string
let file: string
let out = ''
beforeAll(async () => {
  server = await startFakeModelServer()
})
afterAll(() => server.close())
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-record-'))
  fs.writeFileSync(path.join(dir, 'shop.flow.json'), JSON.stringify(flow))
  fs.mkdirSync(path.join(dir, 'shop.tests'))
  file = path.join(dir, 'shop.tests', 'cancel.yaml')
  fs.writeFileSync(file, TEST)
  out = ''
  vi.spyOn(process.stdout, 'write').mockImplementation((c) => ((out += String(c)), true))
  vi.spyOn(process.stderr, 'write').mockImplementation((c) => ((out += String(c)), true))
})
afterEach(() => {
  vi.restoreAllMocks()
  for (const v of ['CHATFLOW_MODEL_BASE_URL', 'CHATFLOW_MODEL', 'CHATFLOW_MODEL_API_KEY']) delete process.env[v]
  fs.rmSync(dir, { recursive: true, force: true })
})

const useServer = () => {
  process.env.CHATFLOW_MODEL_BASE_URL = server.baseUrl
  process.env.CHATFLOW_MODEL = 'tiny-1'
  process.env.CHATFLOW_MODEL_API_KEY = 'sk-record'
}

describe('chatflow test --record', () => {
  it('fails a test whose model question has no recording, saying how to record it', async () => {
    useServer() // configured, yet a plain test run never asks it
    const seen = server.received.length
    expect(await testCommand.run([file])).toBe(1)
    expect(out).toContain('recording_missing: node "intent_1"')
    expect(out).toContain('chatflow test --record')
    expect(server.received.length).toBe(seen)
  })

  it('records the answers into the test file, which then passes with no provider', async () => {
    useServer()
    server.reply(chatAnswer('{"intent":"cancel","confidence":0.88}'))
    const seen = server.received.length
    expect(await testCommand.run(['--record', file])).toBe(0)
    expect(out).toContain('recorded 1 model answer into the file')
    expect(server.received.length).toBe(seen + 1)
    expect(server.received.at(-1)!.headers.authorization).toBe('Bearer sk-record')
    const written = fs.readFileSync(file, 'utf8')
    expect(written.startsWith('# A customer who cancels in their own words.')).toBe(true)
    expect(written).toContain(`provider: ${new URL(server.baseUrl).host}`)
    expect(written).toContain('model: tiny-1')
    expect(written).not.toContain('sk-record')

    for (const v of ['CHATFLOW_MODEL_BASE_URL', 'CHATFLOW_MODEL', 'CHATFLOW_MODEL_API_KEY']) delete process.env[v]
    out = ''
    expect(await testCommand.run([file])).toBe(0)
    expect(out).toContain('1 passed, 0 failed')
    expect(server.received.length).toBe(seen + 1)
  })

  it('keeps the file as it was when the provider fails while recording', async () => {
    useServer()
    server.reply({ status: 500, json: { error: { message: 'model not loaded' } } })
    expect(await testCommand.run(['--record', file])).toBe(1)
    expect(out).toContain('recordings not written (the provider failed): node "intent_1": model_error')
    expect(fs.readFileSync(file, 'utf8')).toBe(TEST)
  })

  it('refuses --record without a provider as usage, naming the variables', async () => {
    expect(await testCommand.run(['--record', file])).toBe(2)
    expect(out).toContain('--record asks a model provider: set CHATFLOW_MODEL_BASE_URL')
  })
})
