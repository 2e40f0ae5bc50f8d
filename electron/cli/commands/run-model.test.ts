// `chatflow run` with an Intent node set to ask a model: the provider the environment names (a fake endpoint on
// loopback) answers, as it would for `chatflow serve`; without one the node takes failed with model_unavailable.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { modelShopFlow } from '../../../shared/engine/testing/intent-flow'
import { chatAnswer, startFakeModelServer, type FakeModelServer } from '../../services/effects/testing/model-server'
import { runCli } from './run'

const flow = modelShopFlow()

let server: FakeModelServer
let dir: string
let file: string
beforeAll(async () => {
  server = await startFakeModelServer()
})
afterAll(() => server.close())
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-run-model-'))
  file = path.join(dir, 'shop.flow.json')
  fs.writeFileSync(file, JSON.stringify(flow))
})
afterEach(() => {
  for (const v of ['CHATFLOW_MODEL_BASE_URL', 'CHATFLOW_MODEL']) delete process.env[v]
  fs.rmSync(dir, { recursive: true, force: true })
})

async function chatWith(...input: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = ''
  let err = ''
  const code = await runCli([file], {
    input: async function* () {
      yield* input
    },
    stdout: (s) => void (out += s),
    stderr: (s) => void (err += s),
  })
  return { code, out, err }
}

describe('chatflow run and the model provider', () => {
  it('asks the provider CHATFLOW_MODEL_* name', async () => {
    process.env.CHATFLOW_MODEL_BASE_URL = server.baseUrl
    process.env.CHATFLOW_MODEL = 'tiny-1'
    server.reply(chatAnswer('{"intent":"human","confidence":0.9}'))
    const r = await chatWith('help', 'a real person please')
    expect(r.code).toBe(0)
    expect(r.out).toContain('bot: Agent')
  })

  it('without a provider the node takes failed with model_unavailable', async () => {
    const r = await chatWith('help', 'a real person please')
    expect(r.out).toContain('bot: Broken: model_unavailable')
  })

  it('refuses bad settings as usage', async () => {
    process.env.CHATFLOW_MODEL = 'tiny-1'
    const r = await chatWith('help')
    expect(r.code).toBe(2)
    expect(r.err).toContain('CHATFLOW_MODEL is set but CHATFLOW_MODEL_BASE_URL is not')
  })
})
