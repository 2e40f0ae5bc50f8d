// Issue 17, "Done when": every example's conversation tests, played in the three hosts (the studio's emulator
// service, `chatflow test`, `chatflow serve` over HTTP), give the same transcripts and the same trace paths, Script
// nodes included and never mocked. The test must also pass where `chatflow test` plays it. Hosts: hosts.ts.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { TraceEvent } from '../../../shared/engine'
import { messageViewer, parseConversationTest, policyOf } from '../../../shared/engine/conversation'
import { libraryEffects, readLibrary, type LibraryEffects } from '../../../electron/cli/commands/library'
import { createTempBackend, expectOk, type TempBackend } from '../../../electron/studio/testing/backend'
import { BUNDLE_FORMAT } from '../../../electron/services/transfer/bundle'
import { EXAMPLES, exampleFlow } from '../../../electron/services/transfer/testing/support'
import { ListenerSettingsSchema } from '../../../electron/services/webhook/settings'
import { MemoryAdapter } from '../../../electron/runtime/adapters/log-adapter'
import { openStore } from '../../../electron/runtime/open'
import { Runtime } from '../../../electron/runtime/runtime'
import { startRuntimeServer } from '../../../electron/runtime/server'
import { ChannelClient } from '../../../electron/runtime/testing/channel-client'
import { describeEachStore } from '../../../electron/runtime/testing/stores'
import { playCli, playServe, playStudio, type Played } from './hosts'
import { flowFilesSource } from '../../../electron/cli/commands/flow-files'
import { isCallable } from '../../../shared/flow/document'

const KEY = 'k_equivalence_0123456789abcdef'
const LIBRARY = path.join(EXAMPLES, 'library.json')
const cases = fs
  .readdirSync(EXAMPLES)
  .filter((f) => f.endsWith('.tests'))
  .sort()
  .flatMap((dir) =>
    fs
      .readdirSync(path.join(EXAMPLES, dir))
      .filter((f) => f.endsWith('.yaml'))
      .sort()
      .map((file) => ({ flow: dir.replace(/\.tests$/, ''), file: path.join(EXAMPLES, dir, file) })),
  )

const pathOf = (trace: TraceEvent[]) => trace.map((t) => `${t.nodeName}:${t.phase}:${t.port ?? '-'}`)
/** What a person reads, event by event: raw messages differ where the engine makes ids up (a form's flow_token). */
const transcript = (p: Played) => {
  const view = messageViewer(p.trace)
  return p.sent.map((messages) => messages.map(view))
}

describeEachStore('every example test in the three hosts', (c) => {
  let studio: TempBackend
  let library: LibraryEffects
  // A test that says when it happens (`now:`) is played at that moment in every host, as `chatflow test` plays it.
  let at: number | null = null
  // Moved on by the runtime host's `wait:` turns (the studio's emulator keeps its own offset per contact).
  let skipped = 0
  const clock = { now: () => at ?? Date.now() }
  const serveClock = { now: () => clock.now() + skipped }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-equivalence-'))
  beforeAll(async () => {
    const read = readLibrary(LIBRARY)
    if (!read.ok) throw new Error(read.message)
    library = libraryEffects(read.items, null)
    studio = createTempBackend({ now: clock.now })
    const flows = [...new Set(cases.map((x) => x.flow))].map((name) => ({ document: exampleFlow(name), tests: [] }))
    const text = JSON.stringify({
      format: BUNDLE_FORMAT,
      flows,
      templates: read.items.templates,
      catalog: read.items.catalog,
    })
    expectOk(await studio.backend.call('transfer.import', { fileName: 'examples.chatflow.json', text }))
  })
  afterAll(async () => {
    await studio.cleanup()
    fs.rmSync(tmp, { recursive: true, force: true })
  })

  it('covers every example flow, the one with a Script among them', () => {
    const names = new Set(cases.map((x) => x.flow))
    expect(names.size).toBeGreaterThanOrEqual(7)
    expect([...names].some((n) => exampleFlow(n).nodes.some((node) => node.type === 'script'))).toBe(true)
  })

  for (const { flow: name, file } of cases) {
    it(`${name}: ${path.basename(file)}`, async () => {
      const parsed = parseConversationTest(fs.readFileSync(file, 'utf8'))
      if (!parsed.ok) throw new Error(parsed.message)
      const test = parsed.test
      at = test.now === undefined ? null : Date.parse(test.now)
      skipped = 0
      const flow = exampleFlow(name)
      const scripts = flow.nodes.filter((n) => n.type === 'script').map((n) => n.name)
      expect(
        Object.keys(test.mocks ?? {}).filter((n) => scripts.includes(n)),
        'mocked Script nodes',
      ).toEqual([])

      const cli = await playCli(
        flow,
        test,
        library,
        flowFilesSource(path.join(EXAMPLES, `${name}.flow.json`), [], flow),
      )
      expect(cli.failures).toEqual([])
      const inStudio = await playStudio(studio.backend, flow, test, clock.now)

      const args = await c.serveArgs()
      const opened = await openStore(
        args[0] === '--data-dir' ? { dataDir: args[1]! } : { dataDir: tmp, databaseUrl: args[1]! },
      )
      const adapter = new MemoryAdapter()
      const tests = { policy: policyOf(test), onCall: () => undefined }
      const runtime = new Runtime({
        store: opened.store,
        adapter,
        effects: { ...opened.effects, clock: serveClock },
        tests,
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
            name: `serve ${c.kind} ${name} ${path.basename(file)}`,
            baseUrl: server.publishUrl!,
            key: KEY,
          }),
        )
        expectOk(await studio.backend.call('publish.send', { serverId: saved.id, flowId: flow.id }))
        const secret = async (flowId: string) => {
          const res = await fetch(`${server.publishUrl}/flows/${flowId}/webhook-secret`, {
            method: 'POST',
            headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
            body: '{}',
          })
          return ((await res.json()) as { secret: string }).secret
        }
        const client = new ChannelClient(server.listener.url!, KEY)
        const host = { runtime, store: opened.store, adapter, client, secret }
        expect(transcript(inStudio), 'the studio').toEqual(transcript(cli))
        expect(pathOf(inStudio.trace), 'the studio').toEqual(pathOf(cli.trace))
        // A callable flow's own tests start it by hand with its inputs (Verify the customer's phone): a production
        // server has no such start, so serve plays it through its callers' tests instead.
        if ('manual' in test.trigger && isCallable(flow)) return
        const served = await playServe(
          { ...host, now: serveClock.now, skip: (ms: number) => void (skipped += ms) },
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
