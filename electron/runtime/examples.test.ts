// Issue 13, point 6: every example flow's conversation tests, played against the headless runtime after a publish
// from the studio's back end, give the transcripts and trace paths they give in the studio.
// The studio side is the engine's own test player (what `chatflow test` and the studio's Tests panel run). The
// runtime side goes over HTTP only: the studio publishes through its publish client, the customer's messages go to
// POST /api/v1/inbound in the channel's shapes, webhook triggers to /chatbot-webhook, and what the bot says is
// captured by an in-memory channel adapter. Mocks: the runtime is given the test's mocks (Runtime `mocks`), so an
// HTTP Call still runs (status, ports, "save as") with its response written by the test, as in the studio.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createEffects, type OutboundMessage, type TraceEvent } from '../../shared/engine'
import { botMessageOf, parseConversationTest, resolveInput, runConversationTest } from '../../shared/engine/conversation'
import type { ConversationTest } from '../../shared/engine/conversation/format'
import { compareMessage } from '../../shared/engine/conversation/messages'
import { nodeCatalog } from '../../shared/nodes/runners'
import { createTempBackend, expectOk, type TempBackend } from '../studio/testing'
import { ListenerSettingsSchema } from '../studio/webhook/settings'
import { MemoryAdapter } from './adapters/log-adapter'
import { Runtime } from './runtime'
import { startRuntimeServer } from './server'
import { ChannelClient } from './testing/channel-client'
import { EXAMPLES, exampleFlow } from './testing/runtime-fixtures'
import { describeEachStore } from './testing/stores'

const KEY = 'k_parity_0123456789abcdef'
const cases = fs
  .readdirSync(EXAMPLES)
  .filter((f) => f.endsWith('.tests'))
  .flatMap((dir) =>
    fs
      .readdirSync(path.join(EXAMPLES, dir))
      .filter((f) => f.endsWith('.yaml'))
      .sort()
      .map((file) => ({ flow: dir.replace(/\.tests$/, ''), file: path.join(EXAMPLES, dir, file) })),
  )

const pathOf = (trace: TraceEvent[]) => trace.map((t) => `${t.nodeName}:${t.phase}:${t.port ?? '-'}`)

describeEachStore('example conversation tests on the runtime', (c) => {
  let studio: TempBackend
  beforeAll(async () => {
    studio = createTempBackend()
    for (const name of new Set(cases.map((x) => x.flow))) {
      const fileName = `${name}.flow.json`
      expectOk(await studio.backend.call('transfer.import', { fileName, text: fs.readFileSync(path.join(EXAMPLES, fileName), 'utf8') }))
    }
  })
  afterAll(() => studio.cleanup())

  it('covers every example flow', () => expect(new Set(cases.map((x) => x.flow)).size).toBeGreaterThanOrEqual(6))

  for (const { flow: name, file } of cases) {
    it(`${name}: ${path.basename(file)}`, async () => {
      const parsed = parseConversationTest(fs.readFileSync(file, 'utf8'))
      if (!parsed.ok) throw new Error(parsed.message)
      const test = parsed.test
      const flow = exampleFlow(name)
      const inStudio = await runConversationTest(flow, test, { effects: createEffects(), catalog: nodeCatalog })
      expect(inStudio.failures).toEqual([])

      const { store } = await c.open()
      const adapter = new MemoryAdapter()
      const templates = { get: async (n: string, l: string) => test.templates?.find((t) => t.name === n && t.language === l) ?? null }
      // A test that says when it happens (`now`) runs the runtime on that moment too, as the studio's player does.
      const clock = test.now === undefined ? {} : { clock: { now: () => Date.parse(test.now!) } }
      const runtime = new Runtime({ store, adapter, effects: createEffects({ templates, ...clock }), tests: { policy: { mocks: test.mocks, live: test.live }, onCall: () => undefined }, log: () => undefined })
      const server = await startRuntimeServer(runtime, {
        settings: { ...ListenerSettingsSchema.parse({}), port: 0, ratePerSecond: 1000, burst: 1000 },
        inboundKey: KEY,
        publishKey: KEY,
        publishPort: 0,
        log: () => undefined,
      })
      try {
        const saved = expectOk(await studio.backend.call('publish.servers.save', { name: `runtime ${c.kind} ${path.basename(file)} ${name}`, baseUrl: server.publishUrl!, key: KEY }))
        expectOk(await studio.backend.call('publish.send', { serverId: saved.id, flowId: flow.id }))
        const client = new ChannelClient(server.listener.url!, KEY)
        await play(test, flow.id, client, runtime, adapter, server.publishUrl!)
        const contact = (await store.contactByPhone(test.contact.phone))!
        const trace: TraceEvent[] = []
        for (const run of await store.runsOfContact(contact.id)) trace.push(...(await store.trace(run.id)))
        expect(pathOf(trace)).toEqual(pathOf(inStudio.trace))
      } finally {
        await server.close()
        await runtime.close()
      }
    })
  }
})

/** Plays the test through the runtime's endpoints and checks each turn's messages and state as the studio does. */
async function play(test: ConversationTest, flowId: string, client: ChannelClient, runtime: Runtime, adapter: MemoryAdapter, publishUrl: string) {
  const { phone, name } = test.contact
  // The customer is known to the runtime before the conversation (name and fields, as an operator's import would).
  await runtime.store.withContact(phone, name, async (tx) => {
    if (test.contact.fields) await tx.contacts.update(tx.contact.id, { fields: test.contact.fields })
    await tx.commit({ steps: [] })
  })
  let seenCount = 0
  let lastInteractive: OutboundMessage | null = null
  const received = async () => {
    await runtime.idle()
    const all = adapter.to(phone).map((e) => e.message)
    const fresh = all.slice(seenCount)
    seenCount = all.length
    for (const m of fresh) if (m.type === 'interactive') lastInteractive = m
    return fresh
  }
  const t = test.trigger
  let answer: Record<string, unknown>
  if ('webhook' in t) {
    const made = await fetch(`${publishUrl}/flows/${flowId}/webhook-secret`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: '{}',
    })
    const { secret } = (await made.json()) as { secret: string }
    answer = await client.webhook(flowId, secret, { phone_number: phone, ...t.webhook })
  } else if ('message' in t) {
    answer = await client.send(phone, name, { type: 'text', text: t.message, ...(t.referral ? { referral: t.referral } : {}) })
  } else if ('button' in t) {
    answer = await client.send(phone, name, { type: 'button_reply', reply: { id: t.button.id, title: t.button.title ?? t.button.id } })
  } else if ('template_button' in t) {
    answer = await client.send(phone, name, { type: 'template_button', button: { payload: t.template_button.payload, text: t.template_button.text ?? t.template_button.payload } })
  } else {
    throw new Error('a manual trigger has no channel equivalent')
  }
  // As in the studio's player: a first turn without `user` checks what the trigger produced.
  let got = (await received()).map(botMessageOf)
  for (const [i, turn] of test.turns.entries()) {
    if (turn.user !== undefined) {
      const resolved = resolveInput(turn.user, lastInteractive)
      if (!resolved.ok) throw new Error(`turn ${i + 1}: ${resolved.message}`)
      answer = await client.send(phone, name, resolved.event)
      got = (await received()).map(botMessageOf)
    }
    if (turn.bot) {
      expect(got.length, `turn ${i + 1}: messages ${JSON.stringify(got)}`).toBe(turn.bot.length)
      turn.bot.forEach((want, j) => expect(compareMessage(want, got[j]!), `turn ${i + 1}, message ${j + 1}`).toEqual([]))
    }
    if (turn.state) expect(answer.state, `turn ${i + 1}: state`).toBe(turn.state)
  }
  if (test.end) expect(answer!.state, 'end state').toBe(test.end.state)
}
