import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parseConversationTest } from '../../../shared/engine/conversation'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'
import type { Backend } from '../backend'

// A studio run saved from the Flow Logs as a test (docs/testing.md, "Tests from real runs"): the HTTP Call's answer
// from a real server on loopback becomes its mock, the Script's result its mock (or the Script runs), the clock is
// the run's, personal data masked on request, and the saved test passes against the flow, or shows what changed.

let temp: TempBackend
let api: Backend
let now: number
let shop: Server
let state = 'shipped'

beforeEach(async () => {
  state = 'shipped'
  now = Date.UTC(2026, 2, 4, 10)
  temp = createTempBackend({ now: () => now })
  api = temp.backend
  shop = createServer((_req, res) => {
    res.writeHead(state === 'missing' ? 404 : 200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ state, total: 250 }))
  })
  await new Promise<void>((r) => shop.listen(0, '127.0.0.1', r))
})
afterEach(async () => {
  await temp.cleanup()
  await new Promise((r) => shop.close(r))
})

async function setup(
  text = 'Hi {{customer_name}}, order {{order}} is {{lookup.result.state}} ({{price.band}}).',
  prompt = 'Order number?',
  typed = 'Asha-9812345678',
) {
  const created = expectOk(await api.call('flows.create', { name: 'Orders' }))
  const url = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/orders`
  const doc = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['order'] } },
      { type: 'question', name: 'ask_id', config: { prompt, saveTo: 'order' } },
      { type: 'http_call', name: 'lookup', config: { method: 'GET', url } },
      {
        type: 'script',
        name: 'price',
        config: {
          code: 'return { band: input.total > 100 ? "big" : "small" }',
          inputs: [{ name: 'total', value: '{{lookup.result.total}}' }],
          outputs: [{ name: 'band', type: 'string' }],
        },
      },
      { type: 'message', name: 'say', config: { text } },
      { type: 'message', name: 'sorry', config: { text: 'The shop said {{lookup.status}}: {{lookup.result.state}}.' } },
    ],
    [
      ['trigger_1', 'out', 'ask_id'],
      ['ask_id', 'out', 'lookup'],
      ['lookup', 'success', 'price'],
      ['price', 'success', 'say'],
      ['lookup', 'failure', 'sorry'],
    ],
    { id: created.id, name: 'Orders', active: true },
  )
  const saved = expectOk(await api.call('flows.save', { document: doc, expectedRevision: created.revision }))
  const contact = expectOk(await api.call('emulator.contact', { name: 'Asha Verma', phone: '+919812345678' }))
  const t = { flowId: created.id, contactId: contact.id }
  now += 1000
  expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'order' } }))
  now += 60_000
  const runId = expectOk(await api.call('emulator.send', { ...t, event: { type: 'text', text: typed } })).session.run!
    .id
  return { ...t, runId, doc, revision: saved.revision }
}

const play = async (flowId: string, id: string) =>
  expectOk(await api.call('emulator.runTests', { flowId, ids: [id] })).find((r) => r.id === id)!.lastRun!

describe('logs.saveTest', () => {
  it('replays the HTTP answer and the Script result as mocks, on the run’s clock, and passes', async () => {
    const t = await setup()
    const saved = expectOk(await api.call('logs.saveTest', { runId: t.runId, name: 'shipped order' }))
    expect(saved.yaml.split('\n')[0]).toBe(
      `# Saved from the Flow Logs: run ${t.runId} of this studio, started 2026-03-04T10:00:01.000Z.`,
    )
    const test = parseConversationTest(saved.yaml)
    if (!test.ok) throw new Error(test.message)
    expect(test.test.now).toBe(new Date(Date.UTC(2026, 2, 4, 10) + 1000).toISOString())
    expect(test.test.mocks).toEqual({
      lookup: {
        response: { status: 200, headers: expect.objectContaining({}), body: { state: 'shipped', total: 250 } },
      },
      price: { output: { band: 'big' }, port: 'success' },
    })
    expect(test.test.contact).toMatchObject({ name: 'Asha Verma', phone: '+919812345678' })
    expect(test.test.turns.at(-1)).toMatchObject({
      user: 'Asha-9812345678',
      bot: [{ text: 'Hi Asha Verma, order Asha-9812345678 is shipped (big).' }],
    })
    // The shop answers otherwise today: the test still replays what the customer met.
    state = 'lost'
    expect(await play(t.flowId, saved.id)).toMatchObject({ passed: true, failures: [] })
  })

  it('runs the Script for real when asked, and fails where today’s flow says something else', async () => {
    const t = await setup()
    const saved = expectOk(await api.call('logs.saveTest', { runId: t.runId, name: 'run it', scripts: 'run' }))
    expect(saved.yaml).not.toContain('price:')
    expect(await play(t.flowId, saved.id)).toMatchObject({ passed: true })
    const doc = {
      ...t.doc,
      nodes: t.doc.nodes.map((n) =>
        n.name === 'say' ? { ...n, config: { text: 'Order {{order}}: {{lookup.result.state}}.' } } : n,
      ),
    }
    expectOk(await api.call('flows.save', { document: doc, expectedRevision: t.revision }))
    const result = await play(t.flowId, saved.id)
    expect(result.passed).toBe(false)
    expect(JSON.stringify(result.failures)).toContain('Order Asha-9812345678: shipped.')
  })

  it('masks the phone, the name and typed answers consistently, and the masked test still passes', async () => {
    const t = await setup()
    const saved = expectOk(await api.call('logs.saveTest', { runId: t.runId, name: 'masked', mask: true }))
    for (const secret of ['Asha', 'Verma', '9812345678']) expect(saved.yaml).not.toContain(secret)
    const test = parseConversationTest(saved.yaml)
    if (!test.ok) throw new Error(test.message)
    const { name, phone } = test.test.contact
    expect(phone).toMatch(/^\+9\d{11}$/)
    const typed = test.test.turns.at(-1)!.user as string
    expect(typed).toMatch(/^[A-Z][a-z]{3}-\d{10}$/)
    expect(test.test.turns.at(-1)!.bot).toEqual([{ text: `Hi ${name}, order ${typed} is shipped (big).` }])
    expect(await play(t.flowId, saved.id)).toMatchObject({ passed: true, failures: [] })
    // The same run masked twice gives the same file.
    const again = expectOk(
      await api.call('logs.saveTest', { runId: t.runId, name: 'masked', mask: true, replace: true }),
    )
    expect(again.yaml).toBe(saved.yaml)
  })

  it('replays a failed HTTP answer with its status and body', async () => {
    state = 'missing'
    const t = await setup()
    const saved = expectOk(await api.call('logs.saveTest', { runId: t.runId, name: 'not found' }))
    expect(saved.yaml).toContain('The shop said 404: missing.')
    const test = parseConversationTest(saved.yaml)
    if (!test.ok) throw new Error(test.message)
    expect(test.test.mocks?.lookup).toMatchObject({ response: { status: 404, body: { state: 'missing' } } })
    state = 'shipped'
    expect(await play(t.flowId, saved.id)).toMatchObject({ passed: true, failures: [] })
  })

  it('keeps a typed answer the flow’s own text holds (a prompt’s example typed back), masking the rest', async () => {
    const t = await setup(undefined, 'Order number? (e.g. 4411223344)', '4411223344')
    const saved = expectOk(await api.call('logs.saveTest', { runId: t.runId, name: 'example typed', mask: true }))
    expect(saved.yaml).not.toContain('Asha')
    expect(saved.yaml).toContain('user: "4411223344"')
    expect(await play(t.flowId, saved.id)).toMatchObject({ passed: true, failures: [] })
  })

  it('plays the window when the studio run met a refusal of it', async () => {
    const created = expectOk(await api.call('flows.create', { name: 'Nudge' }))
    const doc = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        { type: 'message', name: 'hello', config: { text: 'Your order is ready.' } },
      ],
      [['trigger_1', 'out', 'hello']],
      { id: created.id, name: 'Nudge', active: true },
    )
    expectOk(await api.call('flows.save', { document: doc, expectedRevision: created.revision }))
    const contact = expectOk(await api.call('emulator.newContact', {}))
    const t = { flowId: created.id, contactId: contact.id }
    const runId = expectOk(
      await api.call('emulator.start', { ...t, trigger: { kind: 'manual', data: {} }, enforceWindow: true }),
    ).session.run!.id
    const saved = expectOk(await api.call('logs.saveTest', { runId, name: 'window closed' }))
    const test = parseConversationTest(saved.yaml)
    if (!test.ok) throw new Error(test.message)
    expect(test.test).toMatchObject({ window: 'enforce', end: { state: 'failed', error: 'outside_window' } })
    expect(await play(created.id, saved.id)).toMatchObject({ passed: true, failures: [] })
  })

  it('refuses a run that does not exist, and a name already taken', async () => {
    const t = await setup()
    expectOk(await api.call('logs.saveTest', { runId: t.runId, name: 'once' }))
    const again = await api.call('logs.saveTest', { runId: t.runId, name: 'once' })
    expect(again.ok ? null : again.error.code).toBe('conflict')
    const missing = await api.call('logs.saveTest', { runId: 'run_nope', name: 'x' })
    expect(missing.ok ? null : missing.error.code).toBe('not_found')
  })
})
