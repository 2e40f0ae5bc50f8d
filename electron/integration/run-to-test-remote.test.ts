// A production runtime's run saved as a test by the studio, on each of its stores (docs/testing.md, "Tests from real
// runs"): the studio reads the run over the publish API, the test carries the HTTP answer the runtime got and the
// Script's result as mocks, the run's clock, the window the server played under with the contact as the run met it
// (when they last wrote before it), personal data masked by default, and it passes in the studio's Tests tab.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import { createEffects } from '../../shared/engine'
import { parseConversationTest } from '../../shared/engine/conversation'
import { buildFlow } from '../../shared/engine/testing/fixtures'
import { createHttpEffect } from '../services/effects/http'
import { createScriptEffect } from '../services/effects/script'
import { MemoryAdapter } from '../runtime/adapters/log-adapter'
import { Runtime } from '../runtime/runtime'
import { startRuntimeServer, type RuntimeServer } from '../runtime/server'
import { text } from '../runtime/testing/runtime-fixtures'
import { describeEachStore } from '../runtime/testing/stores'
import { createTempBackend, expectOk, type TempBackend } from '../studio/testing/backend'

const KEY = 'pk_runtotest_0123456789abcdef'
const PHONE = '+447700900123'

describeEachStore('a runtime’s run saved as a test', (c) => {
  let server: RuntimeServer | null = null
  let studio: TempBackend | null = null
  let shop: Server | null = null
  let close: (() => Promise<void>) | null = null
  afterEach(async () => {
    await server?.close()
    await close?.()
    await studio?.cleanup()
    if (shop) await new Promise((r) => shop!.close(r))
  })

  it('replays the customer, the HTTP answer and the Script result, masked, and passes in the studio', async () => {
    shop = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ state: 'shipped', total: 40 }))
    })
    await new Promise<void>((r) => shop!.listen(0, '127.0.0.1', r))
    studio = createTempBackend()
    const call = studio.backend.call.bind(studio.backend)
    const created = expectOk(await call('flows.create', { name: 'Orders' }))
    const doc = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['order'] } },
        { type: 'question', name: 'ask_id', config: { prompt: 'Order number?', saveTo: 'order' } },
        {
          type: 'http_call',
          name: 'lookup',
          config: { method: 'GET', url: `http://127.0.0.1:${(shop.address() as AddressInfo).port}/o` },
        },
        {
          type: 'script',
          name: 'price',
          config: {
            code: 'return { band: input.total > 100 ? "big" : "small" }',
            inputs: [{ name: 'total', value: '{{lookup.result.total}}' }],
            outputs: [{ name: 'band', type: 'string' }],
          },
        },
        { type: 'message', name: 'say', config: { text: '{{customer_name}}: {{order}} is {{lookup.result.state}}.' } },
      ],
      [
        ['trigger_1', 'out', 'ask_id'],
        ['ask_id', 'out', 'lookup'],
        ['lookup', 'success', 'price'],
        ['price', 'success', 'say'],
      ],
      { id: created.id, name: 'Orders', active: true },
    )
    expectOk(await call('flows.save', { document: doc, expectedRevision: created.revision }))

    const store = (await c.open()).store
    await store.publish(doc)
    const effects = createEffects({ http: createHttpEffect(), script: createScriptEffect(), ...store.libraryEffects() })
    const runtime = new Runtime({ store, adapter: new MemoryAdapter(), effects, log: () => undefined })
    close = () => runtime.close()
    // Two conversations of one customer: the second starts after the first one's messages.
    for (const answer of ['Kim Lee', 'KL-40 for Kim Lee']) {
      await runtime.inbound({ ...text(PHONE, 'order'), name: 'Kim Lee' })
      await runtime.idle()
      await runtime.inbound(text(PHONE, answer))
      await runtime.idle()
    }
    server = await startRuntimeServer(runtime, {
      settings: { host: '127.0.0.1', port: 0, ratePerSecond: 100, burst: 100 },
      publishKey: KEY,
      publishPort: 0,
      log: () => undefined,
    })
    const serverId = expectOk(
      await call('publish.servers.save', { name: 'Production', baseUrl: server.publishUrl!, key: KEY }),
    ).id
    const [second, first] = expectOk(
      await call('logs.list', { serverId, flowId: created.id, filter: {}, limit: 10 }),
    ).runs
    const detail = expectOk(await call('logs.run', { serverId, runId: second!.id }))
    const firstDetail = expectOk(await call('logs.run', { serverId, runId: first!.id }))
    expect(detail.contactAtStart).toMatchObject({ optedIn: true })
    // The customer last wrote (before this run) in the first conversation: its answer.
    expect(detail.contactAtStart!.lastInboundAt).toBeGreaterThanOrEqual(first!.startedAt)
    expect(detail.contactAtStart!.lastInboundAt).toBeLessThanOrEqual(second!.startedAt)
    expect(firstDetail.contactAtStart!.lastInboundAt).toBeNull()

    const saved = expectOk(await call('logs.saveTest', { serverId, runId: second!.id, name: 'from production' }))
    for (const secret of ['Kim', 'Lee', '7700900123']) expect(saved.yaml).not.toContain(secret)
    expect(saved.yaml).toMatch(
      /^# Saved from the Flow Logs: run \S+ of server Production, started .*, personal data masked\.\n/,
    )
    const parsed = parseConversationTest(saved.yaml)
    if (!parsed.ok) throw new Error(parsed.message)
    const t = parsed.test
    expect(t.window).toBe('enforce')
    expect(t.now).toBe(new Date(second!.startedAt).toISOString())
    expect(t.contact.lastInboundAt).toBe(new Date(detail.contactAtStart!.lastInboundAt!).toISOString())
    expect(t.mocks).toMatchObject({
      lookup: { response: { status: 200, body: { state: 'shipped', total: 40 } } },
      price: { output: { band: 'small' }, port: 'success' },
    })
    // "KL-40 for Kim Lee": letters masked, short digits kept (a rule may read them), the echo masked the same way.
    const typed = t.turns.at(-1)!.user as string
    expect(typed).toMatch(/^[A-Z]{2}-40 [a-z]{3} [A-Z][a-z]{2} [A-Z][a-z]{2}$/)
    expect(t.turns.at(-1)!.bot).toEqual([{ text: `${t.contact.name}: ${typed} is shipped.` }])
    const results = expectOk(await call('emulator.runTests', { flowId: created.id, ids: [saved.id] }))
    expect(results[0]!.lastRun).toMatchObject({ passed: true, failures: [] })

    const plain = expectOk(await call('logs.saveTest', { serverId, runId: second!.id, name: 'unmasked', mask: false }))
    expect(plain.yaml).toContain('KL-40 for Kim Lee')

    // A studio without the flow says so, where the Save dialog shows it.
    expectOk(await call('flows.delete', { id: created.id }))
    const orphan = await call('logs.saveTest', { serverId, runId: second!.id, name: 'no flow here' })
    expect(orphan).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: expect.stringContaining('This studio has no flow Orders') },
    })
  })
})
