import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ModelError, type ModelRequest } from '../../../shared/engine/effects'
import { createModelProvider } from './model-provider'
import { chatAnswer, startFakeModelServer, type FakeModelServer } from './testing/model-server'

const schema = {
  type: 'object',
  properties: { intent: { type: ['string', 'null'], enum: ['cancel', 'track', null] } },
  required: ['intent'],
  additionalProperties: false,
}
const req: ModelRequest = {
  purpose: 'intent',
  messages: [
    { role: 'system', content: 'Classify the message.' },
    { role: 'user', content: 'please cancel my order' },
  ],
  schema,
  timeoutMs: 10_000,
}

/** A timer the test fires by hand: the deadline passes when the test says so, never by racing the machine. */
function manualTimers() {
  let pending: { fire: () => void; ms: number } | null = null
  return {
    timers: {
      set: (fire: () => void, ms: number) => ((pending = { fire, ms }), 1),
      clear: () => void (pending = null),
    },
    fire: () => pending?.fire(),
    pendingMs: () => pending?.ms ?? null,
  }
}

async function failure(p: Promise<unknown>): Promise<ModelError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(ModelError)
  return err as ModelError
}

let server: FakeModelServer
beforeAll(async () => {
  server = await startFakeModelServer()
})
afterAll(() => server.close())

describe('the model provider (OpenAI-compatible chat endpoint)', () => {
  it('posts the messages and the schema as response_format json_schema, and returns the checked answer', async () => {
    server.reply(chatAnswer('{"intent":"cancel"}'))
    const model = createModelProvider({ baseUrl: `${server.baseUrl}/`, model: 'llama3.2', apiKey: 'sk-test-1' })
    const answer = await model.complete(req)
    expect(answer).toEqual({ json: { intent: 'cancel' }, provider: new URL(server.baseUrl).host, model: 'llama3.2' })
    const got = server.received.at(-1)!
    expect(got.method).toBe('POST')
    expect(got.path).toBe('/v1/chat/completions')
    expect(got.headers.authorization).toBe('Bearer sk-test-1')
    expect(got.body).toEqual({
      model: 'llama3.2',
      messages: req.messages,
      temperature: 0,
      response_format: { type: 'json_schema', json_schema: { name: 'chatflow_intent', schema, strict: true } },
    })
  })

  it('sends no Authorization header without a key (a local server)', async () => {
    server.reply(chatAnswer('{"intent":null}'))
    const answer = await createModelProvider({ baseUrl: server.baseUrl, model: 'm' }).complete(req)
    expect(answer.json).toEqual({ intent: null })
    expect(server.received.at(-1)!.headers.authorization).toBeUndefined()
  })

  it.each([
    [{ status: 500, json: { error: { message: 'model crashed' } } }, 'model_error', 'HTTP 500 ("model crashed")'],
    [{ status: 401, json: { error: { message: 'bad key' } } }, 'model_error', 'refused the API key'],
    [{ status: 404, text: 'not found' }, 'model_error', 'does not know this endpoint or model'],
    [{ status: 200, text: '<html>proxy page</html>' }, 'model_error', 'without a message'],
    [{ status: 200, json: { choices: [] } }, 'model_error', 'without a message'],
    [chatAnswer('the customer wants to cancel'), 'model_invalid', 'is not JSON'],
    [chatAnswer('{"intent":"refund"}'), 'model_invalid', '/intent: expected one of'],
    [chatAnswer('{"intent":"cancel","why":"said so"}'), 'model_invalid', '"why" is not allowed'],
    [chatAnswer('['.repeat(200) + ']'.repeat(200)), 'model_invalid', 'nested too deeply'],
  ] as const)('maps %j to %s', async (reply, code, message) => {
    server.reply(reply)
    const err = await failure(createModelProvider({ baseUrl: server.baseUrl, model: 'm' }).complete(req))
    expect(err.code).toBe(code)
    expect(err.message).toContain(message)
  })

  it('refuses an answer larger than the cap', async () => {
    server.reply(chatAnswer(JSON.stringify({ intent: 'x'.repeat(5000) })))
    const err = await failure(
      createModelProvider({ baseUrl: server.baseUrl, model: 'm' }, { maxBytes: 1000 }).complete(req),
    )
    expect(err.code).toBe('model_error')
    expect(err.message).toContain('more than 1000 bytes')
  })

  it('gives up with model_timeout when the deadline passes before the answer', async () => {
    server.reply({ hold: true })
    const clock = manualTimers()
    const model = createModelProvider({ baseUrl: server.baseUrl, model: 'm' }, { timers: clock.timers })
    const seen = server.received.length
    const pending = failure(model.complete({ ...req, timeoutMs: 1500 }))
    await server.arrived(seen + 1)
    expect(clock.pendingMs()).toBe(1500)
    clock.fire()
    const err = await pending
    expect(err.code).toBe('model_timeout')
    expect(err.message).toContain('within 1500 ms')
  })

  it('says model_unavailable when nothing listens at the base URL', async () => {
    const gone = await startFakeModelServer()
    await gone.close()
    const err = await failure(createModelProvider({ baseUrl: gone.baseUrl, model: 'm' }).complete(req))
    expect(err.code).toBe('model_unavailable')
    expect(err.message).toContain('Could not reach the model provider')
  })

  it('says model_unavailable for a base URL that cannot be called', async () => {
    for (const baseUrl of ['localhost:11434', 'ftp://models.example/v1', 'http://user:key@models.example/v1']) {
      const err = await failure(createModelProvider({ baseUrl, model: 'm' }).complete(req))
      expect(err.code).toBe('model_unavailable')
    }
  })
})
