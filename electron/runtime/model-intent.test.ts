// An Intent node set to ask a model, on a production server (both stores): the runtime's model effect (the provider
// chatflow serve builds from CHATFLOW_MODEL_*) asks a fake OpenAI-compatible endpoint on loopback, the run leaves by
// the intent it answered, and the step's scores and provider are kept with the trace (migration 025). A provider
// that fails sends the run through `failed` with the code saying why.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createEffects } from '../../shared/engine'
import { modelShopFlow } from '../../shared/engine/testing/intent-flow'
import type { MemoryAdapter } from './adapters/log-adapter'
import { createModelProvider } from '../services/effects/model-provider'
import { chatAnswer, startFakeModelServer, type FakeModelServer } from '../services/effects/testing/model-server'
import { describeEachStore } from './testing/stores'
import { testRuntime, text } from './testing/runtime-fixtures'

const flow = modelShopFlow({ id: 'f_intent_model' })

let server: FakeModelServer
beforeAll(async () => {
  server = await startFakeModelServer()
})
afterAll(() => server.close())

const bodies = (adapter: MemoryAdapter, phone: string) =>
  adapter.to(phone).map((e) => (e.message as { text?: { body: string } }).text?.body ?? e.message.type)

describeEachStore('an Intent node asking the model provider', (c) => {
  it('leaves by the intent the model answered and keeps the scores and provider in the trace', async () => {
    const { store } = await c.open()
    await store.publish(flow)
    server.reply(chatAnswer('{"intent":"human","confidence":0.81}'))
    const effects = createEffects({ model: createModelProvider({ baseUrl: server.baseUrl, model: 'tiny-1' }) })
    const { runtime, adapter } = testRuntime(store, undefined, { effects })
    const phone = '+919800000011'
    const first = await runtime.inbound(text(phone, 'help'))
    expect(await runtime.inbound(text(phone, 'get me someone real'))).toMatchObject({ state: 'ended' })
    await runtime.idle()
    expect(bodies(adapter as MemoryAdapter, phone)).toEqual(['Agent'])
    const step = (await store.trace(first.runId!)).find((t) => t.nodeName === 'intent_1' && t.phase === 'resume')
    expect(step?.port).toBe('human')
    expect(step?.detail).toEqual({
      provider: new URL(server.baseUrl).host,
      scores: { track: 0, cancel: 0, human: 0.81 },
    })
    await runtime.close()
  })

  it('takes failed with model_error when the provider answers an error', async () => {
    const { store } = await c.open()
    await store.publish(flow)
    server.reply({ status: 503, json: { error: { message: 'loading model' } } })
    const effects = createEffects({ model: createModelProvider({ baseUrl: server.baseUrl, model: 'tiny-1' }) })
    const { runtime, adapter } = testRuntime(store, undefined, { effects })
    const phone = '+919800000012'
    await runtime.inbound(text(phone, 'help'))
    await runtime.inbound(text(phone, 'where is it'))
    await runtime.idle()
    expect(bodies(adapter as MemoryAdapter, phone)).toEqual(['Broken: model_error'])
    await runtime.close()
  })
})
