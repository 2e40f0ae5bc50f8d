// `chatflow run` with an Intent node set to ask a model: the provider the environment names (a fake endpoint on
// loopback) answers, as it would for `chatflow serve`; without one the node takes failed with model_unavailable.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import { SHOP_INTENTS } from '../../../shared/nodes/intent/testing'
import { chatAnswer, startFakeModelServer, type FakeModelServer } from '../../services/effects/testing/model-server'
import { runCli } from './run'

const flow = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['help'] } },
    { type: 'intent', name: 'intent_1', config: { intents: SHOP_INTENTS, source: 'next', provider: 'model' } },
    { type: 'message', name: 'tracking', config: { text: 'Tracking' } },
    { type: 'message', name: 'cancelling', config: { text: 'Cancelling' } },
    { type: 'message', name: 'agent', config: { text: 'Agent' } },
    { type: 'message', name: 'unsure', config: { text: 'Sorry?' } },
    { type: 'message', name: 'broken', config: { text: 'Broken: {{intent_1.error.code}}' } },
  ],
  [
    ['trigger_1', 'out', 'intent_1'],
    ['intent_1', 'track', 'tracking'],
    ['intent_1', 'cancel', 'cancelling'],
    ['intent_1', 'human', 'agent'],
    ['intent_1', 'other', 'unsure'],
    ['intent_1', 'failed', 'broken'],
  ],
)

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
