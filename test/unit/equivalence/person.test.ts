// A conversation test with a person's part (docs/testing.md, "A person takes over") plays the same in the three
// hosts: `chatflow test`, the studio's emulator (its person commands) and `chatflow serve` (the publish API's takeover
// routes): the Hand over node's message, the bot silent while the customer writes and the person answers, the
// hand-back with variables going on by `returned`, and a Question held by an API takeover answered after it.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { TraceEvent } from '../../../shared/engine'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import { messageViewer, parseConversationTest, policyOf } from '../../../shared/engine/conversation'
import { libraryEffects, type LibraryEffects } from '../../../electron/cli/commands/library'
import { createTempBackend, expectOk, type TempBackend } from '../../../electron/studio/testing/backend'
import { ListenerSettingsSchema } from '../../../electron/services/webhook/settings'
import { MemoryAdapter } from '../../../electron/runtime/adapters/log-adapter'
import { openStore } from '../../../electron/runtime/open'
import { Runtime } from '../../../electron/runtime/runtime'
import { startRuntimeServer } from '../../../electron/runtime/server'
import { ChannelClient } from '../../../electron/runtime/testing/channel-client'
import { describeEachStore } from '../../../electron/runtime/testing/stores'
import type { FlowDocument } from '../../../shared/flow/document'
import { playCli, playServe, playStudio, type Played } from './hosts'

const KEY = 'k_equivalence_person_0123456789'
const AT = Date.parse('2026-03-27T12:00:00Z')
const pathOf = (trace: TraceEvent[]) => trace.map((t) => `${t.nodeName}:${t.phase}:${t.port ?? '-'}`)
const transcript = (p: Played) => p.sent.map((messages) => messages.map(messageViewer(p.trace)))

const TESTS = [
  `name: the person resolves it
contact: { name: Asha, phone: "+919800000031" }
trigger: { message: refund }
turns:
  - bot: [{ text: A person will help you. }]
  - user: where is my money
    ignored: with_person
    bot: []
  - person: I refunded you just now
    bot: []
  - person: { hands_back: { resolved: "yes" } }
    bot: [{ text: "Resolved: yes. Anything else?" }]
  - user: no thanks
    bot: [{ text: "Noted: no thanks" }]
`,
  `name: an API takeover holds the Question
contact: { name: Ravi, phone: "+919800000032" }
trigger: { message: refund }
turns:
  - bot: [{ text: A person will help you. }]
  - person: { hands_back: {} }
    bot: [{ text: "Resolved: . Anything else?" }]
  - person: { takes_over: { note: VIP } }
    bot: []
  - user: my answer
    ignored: with_person
  - person: { hands_back: { x: 1 } }
    bot: []
  - user: my answer
    bot: [{ text: "Noted: my answer" }]
`,
]

function refundsFlow(id: string): FlowDocument {
  return buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['refund'] } },
      {
        type: 'hand_over',
        name: 'agent',
        config: { message: 'A person will help you.', note: 'Refund', handsBack: ['resolved'] },
      },
      {
        type: 'question',
        name: 'more',
        config: { prompt: 'Resolved: {{resolved}}. Anything else?', saveTo: 'extra' },
      },
      { type: 'message', name: 'noted', config: { text: 'Noted: {{extra}}' } },
      { type: 'end', name: 'end_1', config: {} },
    ],
    [
      ['trigger_1', 'out', 'agent'],
      ['agent', 'returned', 'more'],
      ['more', 'out', 'noted'],
      ['noted', 'out', 'end_1'],
    ],
    { id, name: 'Refunds', active: true },
  )
}

describeEachStore('a person taking over, in the three hosts', (c) => {
  let studio: TempBackend
  let flow: FlowDocument
  let skipped = 0
  const library: LibraryEffects = libraryEffects({ templates: [], catalog: [] }, null)
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-equivalence-person-'))
  beforeAll(async () => {
    studio = createTempBackend({ now: () => AT })
    const created = expectOk(await studio.backend.call('flows.create', { name: 'Refunds' }))
    flow = refundsFlow(created.id)
    expectOk(await studio.backend.call('flows.save', { document: flow, expectedRevision: created.revision }))
  })
  afterAll(async () => {
    await studio.cleanup()
    fs.rmSync(tmp, { recursive: true, force: true })
  })

  for (const text of TESTS) {
    it(text.split('\n')[0]!, async () => {
      const parsed = parseConversationTest(`now: "2026-03-27T12:00:00Z"\n${text}`)
      if (!parsed.ok) throw new Error(parsed.message)
      const test = parsed.test
      const cli = await playCli(flow, test, library)
      expect(cli.failures).toEqual([])
      const inStudio = await playStudio(studio.backend, flow, test, () => AT)
      expect(transcript(inStudio), 'the studio').toEqual(transcript(cli))
      expect(pathOf(inStudio.trace), 'the studio').toEqual(pathOf(cli.trace))

      const args = await c.serveArgs()
      const opened = await openStore(
        args[0] === '--data-dir' ? { dataDir: args[1]! } : { dataDir: tmp, databaseUrl: args[1]! },
      )
      const adapter = new MemoryAdapter()
      const clock = { now: () => AT + skipped }
      const runtime = new Runtime({
        store: opened.store,
        adapter,
        effects: { ...opened.effects, clock },
        tests: { policy: policyOf(test), onCall: () => undefined },
        log: () => undefined,
      })
      const server = await startRuntimeServer(runtime, {
        settings: { ...ListenerSettingsSchema.parse({}), port: 0, ratePerSecond: 1000, burst: 1000 },
        inboundKey: KEY,
        publishKey: KEY,
        publishPort: 0,
        log: () => undefined,
      })
      try {
        const saved = expectOk(
          await studio.backend.call('publish.servers.save', {
            name: `serve ${c.kind} ${test.name}`,
            baseUrl: server.publishUrl!,
            key: KEY,
          }),
        )
        expectOk(await studio.backend.call('publish.send', { serverId: saved.id, flowId: flow.id }))
        const client = new ChannelClient(server.listener.url!, KEY)
        const host = { runtime, store: opened.store, adapter, client, secret: async () => '' }
        const served = await playServe(
          { ...host, now: clock.now, skip: (ms: number) => void (skipped += ms) },
          flow,
          test,
        )
        expect(transcript(served), 'serve').toEqual(transcript(cli))
        expect(pathOf(served.trace), 'serve').toEqual(pathOf(cli.trace))
      } finally {
        await server.close()
        await runtime.close()
      }
    })
  }
})
