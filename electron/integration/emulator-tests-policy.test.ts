// Issue 17, the saved-test effects policy in the emulator's Tests tab and on the command line: a test the emulator
// saves for a flow with a Script and a mocked HTTP Call passes unchanged in `chatflow test`, the Script running for
// real in both; an HTTP Call without a mock never reaches the network in either and fails the test naming the node;
// `live` lets a test call for real, the same way in both, and the report says so. The "network" is a real HTTP
// server on 127.0.0.1 that counts what reaches it.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildFlow } from '../../shared/engine/testing/fixtures'
import type { FlowDocument } from '../../shared/flow/document'
import { serialiseFlow } from '../../shared/flow/serialise'
import { runFiles } from '../cli/commands/test'
import { serverBuildDir } from '../runtime/testing/server-build'
import type { RequestOf } from '../../shared/api'
import { BUNDLE_FORMAT } from '../services/transfer/bundle'
import { createTempBackend, expectOk, type TempBackend } from '../studio/testing/backend'

let server: http.Server
let base = ''
let hits = 0
beforeAll(async () => {
  server = http.createServer((_req, res) => {
    hits++
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'from the server' }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

let temp: TempBackend
let dir: string
beforeEach(() => {
  hits = 0
  temp = createTempBackend()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-policy-'))
})
afterEach(async () => {
  await temp.cleanup()
  fs.rmSync(dir, { recursive: true, force: true })
})

/** order → Script (a tier from the total; its output opens a branch) → HTTP Call → the answer. */
function orderFlow(id: string): FlowDocument {
  return buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['order'] } },
      {
        type: 'script',
        name: 'tier',
        config: {
          code: 'const t = input.total\nreturn { tier: t > 100 ? "gold" : "basic" }',
          inputs: [{ name: 'total', value: '{{ 250 }}' }],
        },
      },
      {
        type: 'condition',
        name: 'is_gold',
        config: { rules: [{ left: '{{tier.tier}}', operator: 'equals', right: 'gold' }] },
      },
      { type: 'http_call', name: 'lookup', config: { url: `${base}/orders/A1` } },
      { type: 'message', name: 'answer', config: { text: 'Tier {{tier.tier}}, order {{lookup.result.status}}' } },
      { type: 'message', name: 'plain', config: { text: 'Basic tier' } },
    ],
    [
      ['trigger_1', 'out', 'tier'],
      ['tier', 'success', 'is_gold'],
      ['is_gold', 'true', 'lookup'],
      ['is_gold', 'false', 'plain'],
      ['lookup', 'success', 'answer'],
    ],
    { id, name: 'Orders', active: true },
  )
}

/** The flow in the studio (with hand-written tests, imported as a bundle carries them) and in a file. */
async function savedFlow(
  tests: Array<{ name: string; yaml: string }> = [],
): Promise<{ flow: FlowDocument; file: string }> {
  const flow = orderFlow('flw_orders_policy')
  const text = JSON.stringify({ format: BUNDLE_FORMAT, flows: [{ document: JSON.parse(serialiseFlow(flow)), tests }] })
  expectOk(await temp.backend.call('transfer.import', { fileName: 'orders.chatflow.json', text }))
  const file = path.join(dir, 'orders.flow.json')
  fs.writeFileSync(file, serialiseFlow(flow))
  return { flow, file }
}

async function commandLine(yaml: string, flowFile: string) {
  const test = path.join(dir, 'saved.test.yaml')
  fs.writeFileSync(test, `flow: ${JSON.stringify(flowFile)}\n${yaml}`)
  let out = ''
  const code = await runFiles([test], (s) => (out += s), {
    library: { templates: { get: async () => null }, catalogue: { product: async () => null } },
  })
  return { code, out }
}

describe('the saved-test effects policy, in the studio and on the command line', () => {
  it('an emulator-saved test with a Script and a mocked HTTP Call passes unchanged in `chatflow test`', async () => {
    const { flow, file } = await savedFlow()
    const api = temp.backend
    const t = { flowId: flow.id, contactId: expectOk(await api.call('emulator.contact', {})).id }
    const mocks: RequestOf<'emulator.start'>['mocks'] = {
      lookup: { response: { status: 200, body: { status: 'shipped' } } },
    }
    const started = expectOk(
      await api.call('emulator.start', { ...t, trigger: { kind: 'keyword' as const, text: 'order' }, mocks }),
    )
    expect(started.session.messages.at(-1)?.payload).toMatchObject({ text: { body: 'Tier gold, order shipped' } })
    const saved = expectOk(await api.call('emulator.saveTest', { ...t, name: 'gold order', mocks }))
    expect(saved.yaml).not.toContain('tier:\n      output')

    const [played] = expectOk(await api.call('emulator.runTests', { flowId: flow.id }))
    expect(played!.lastRun).toMatchObject({ passed: true, failures: [], live: [] })
    const cli = await commandLine(saved.yaml, file)
    expect(cli.out).toContain('1 passed, 0 failed')
    expect(cli.code).toBe(0)
    // The same file through the `chatflow` command itself, as a person types it: the build `npm run build:server`
    // ships, in its own process (no library file beside the flow: the test needs none). It must also exit once done:
    // the Script's idle sandbox worker once kept it alive for its 30 s idle timeout (killed here at 25 s).
    const shell = spawnSync(
      process.execPath,
      [path.join(serverBuildDir(), 'chatflow.mjs'), 'test', path.join(dir, 'saved.test.yaml')],
      { encoding: 'utf8', timeout: 25_000 },
    )
    expect(shell.signal).toBeNull()
    expect(shell.stdout).toMatch(/^✓ .*saved\.test\.yaml {2}gold order$/m)
    expect(shell.stdout.trim().split('\n').at(-1)).toBe('1 passed, 0 failed')
    expect(shell.status).toBe(0)
    expect(hits).toBe(0)
  }, 60_000)

  it('an HTTP Call without a mock never reaches the network and fails the test naming the node, in both', async () => {
    const yaml =
      'name: unmocked\ntrigger: { message: order }\nturns:\n  - bot: [{ text: "Tier gold, order from the server" }]\n'
    const { flow, file } = await savedFlow([{ name: 'unmocked', yaml }])
    const [played] = expectOk(await temp.backend.call('emulator.runTests', { flowId: flow.id }))
    expect(played!.lastRun!.passed).toBe(false)
    const said = played!.lastRun!.failures.flatMap((f) => f.lines).join('\n')
    expect(said).toContain('HTTP Call "lookup" has no mock')
    expect(said).toContain('mocks: { lookup: { response:')
    const cli = await commandLine(yaml, file)
    expect(cli.code).toBe(1)
    expect(cli.out).toContain('HTTP Call "lookup" has no mock')
    expect(hits).toBe(0)
  })

  it('`live` lets a test call the network, the same way in both, and the report says so', async () => {
    const yaml =
      'name: live\ntrigger: { message: order }\nlive: [lookup]\nturns:\n  - bot: [{ text: "Tier gold, order from the server" }]\n'
    const { flow, file } = await savedFlow([{ name: 'live', yaml }])
    const [played] = expectOk(await temp.backend.call('emulator.runTests', { flowId: flow.id }))
    expect(played!.lastRun).toMatchObject({ passed: true, live: [`lookup GET ${base}/orders/A1`] })
    const cli = await commandLine(yaml, file)
    expect(cli.code).toBe(0)
    expect(cli.out).toContain(`(live: lookup GET ${base}/orders/A1)`)
    expect(hits).toBe(2)
  })

  it('writes the runs "Run all" plays to the Flow Logs with their conversation', async () => {
    const yaml =
      'name: logged\ntrigger: { message: order }\nmocks: { lookup: { response: { body: { status: shipped } } } }\nturns:\n  - bot: [{ text: "Tier gold, order shipped" }]\n'
    const { flow } = await savedFlow([{ name: 'logged', yaml }])
    const [played] = expectOk(await temp.backend.call('emulator.runTests', { flowId: flow.id }))
    expect(played!.lastRun!.passed).toBe(true)
    const { runs } = expectOk(await temp.backend.call('logs.list', { flowId: flow.id }))
    expect(runs).toHaveLength(1)
    const detail = expectOk(await temp.backend.call('logs.run', { runId: runs[0]!.id }))
    expect(detail.messages.map((m) => m.direction)).toEqual(['in', 'out'])
    expect(detail.messages[1]!.payload).toMatchObject({ text: { body: 'Tier gold, order shipped' } })
  })
})
