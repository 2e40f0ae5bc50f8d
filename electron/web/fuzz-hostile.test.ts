// The fuzz suite for the studio (issue 18), through the browser host as a process of its own: hostile files at
// Import, hostile code and test values at the Script node's Test, hostile samples in a saved flow. Throughout: every
// answer is a Result with a documented code (never `internal`), every call of another client sent during the storm
// is answered as documented (counted in calls and never timed: a slow machine is slow, not broken), and a refused
// import or save writes nothing; afterwards the host's memory is back within 50 MB.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { ServerMessage } from '../../shared/api/wire'
import { FLOW_FORMAT } from '../../shared/flow/document'
import { JSON_LIMITS } from '../../shared/json/bounds'
import { deepText, embed, hostileText, malformedText, protoText } from '../../shared/json/testing/hostile'
import { ROOT } from '../runtime/testing/server-build'
import { cookieName } from './session-token'

const BUDGET_MS = 5_000
const SCRIPT_CODES = new Set([
  'script_syntax',
  'script_error',
  'script_timeout',
  'script_memory',
  'script_stack',
  'script_bad_return',
])

let dir: string
let host: ChildProcess
let call: (
  command: string,
  payload: unknown,
) => Promise<{ ok: boolean; value?: any; error?: { code: string; message: string } }>
const sockets: WebSocket[] = []
// Another client throughout, counted in work: every PROBE_EVERY-th call of the storm also sends flows.list on a
// second connection, concurrent with the storm's next calls; each must be answered with the list, however long it
// takes.
const PROBE_EVERY = 5
let calls = 0
const probes: Promise<void>[] = []
let healthAnswered = 0
const healthProblems: string[] = []
let baseline = 0
let importedFlows = 0

/** A payload already written as JSON text. */
class RawJson {
  constructor(readonly text: string) {}
}

async function connect(url: string, token: string, port: number): Promise<typeof call> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/api`, { headers: { cookie: `${cookieName(port)}=${token}` } })
  sockets.push(ws)
  const pending = new Map<number, (r: any) => void>()
  let next = 1
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString()) as ServerMessage
    if (m.type === 'result') pending.get(m.id as number)?.(m.result)
  })
  // A host that went away answers every pending call as such, rather than leaving it unanswered.
  ws.on('close', () =>
    pending.forEach((resolve) => resolve({ ok: false, error: { code: 'closed', message: 'closed' } })),
  )
  await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)))
  return (command, payload) =>
    new Promise((resolve) => {
      const id = next++
      pending.set(id, resolve)
      // A payload given as text goes as it is: JSON.stringify itself overflows the stack on the deepest values.
      const text = payload instanceof RawJson ? payload.text : JSON.stringify(payload)
      ws.send(`{"type":"call","id":${id},"command":${JSON.stringify(command)},"payload":${text}}`)
    })
}

const rssMb = () => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${host.pid}/status`, 'utf8'))![1]) / 1024

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-fuzz-studio-'))
  fs.mkdirSync(path.join(dir, 'renderer'))
  fs.writeFileSync(path.join(dir, 'renderer', 'index.html'), '<!doctype html><title>Chatflow Studio</title>')
  host = spawn(
    process.execPath,
    ['--import', 'tsx', 'electron/web/index.ts', '--port', '0', '--data-dir', path.join(dir, 'data')],
    {
      cwd: ROOT,
      env: { ...process.env, CHATFLOW_RENDERER_DIR: path.join(dir, 'renderer') },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  const printed = await new Promise<URL>((resolve, reject) => {
    let out = ''
    host.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      const m = /running at (\S+)/.exec(out)
      if (m) resolve(new URL(m[1]!))
    })
    host.stderr!.on('data', (d: Buffer) => (out += d.toString()))
    host.once('exit', (code) => reject(new Error(`host exited ${code}: ${out}`)))
  })
  const token = printed.searchParams.get('token')!
  const storm = await connect(printed.origin, token, Number(printed.port))
  const healthCall = await connect(printed.origin, token, Number(printed.port))
  call = (command, payload) => {
    if (++calls % PROBE_EVERY === 0)
      probes.push(
        healthCall('flows.list', {}).then((r) => {
          if (r.ok && Array.isArray(r.value)) healthAnswered++
          else healthProblems.push(JSON.stringify(r))
        }),
      )
    return storm(command, payload)
  }
  // Warm: a script run and an import load the sandbox and everything else a call uses.
  await call('integrations.testScript', { config: { code: 'return {}', inputs: [], outputs: [], timeoutMs: 1000 } })
  await call('transfer.inspect', { fileName: 'w.json', text: '{}' })
  if (process.platform === 'linux') baseline = rssMb()
}, 120_000)

afterAll(async () => {
  for (const ws of sockets) ws.close()
  host?.kill('SIGKILL')
  fs.rmSync(dir, { recursive: true, force: true })
})

const trigger = {
  id: 'n_t',
  type: 'trigger',
  name: 'trigger_1',
  position: { x: 0, y: 0 },
  config: { kind: 'keyword', keywords: ['hi'] },
}
let n = 0
const flowText = (samples: string) =>
  embed(
    {
      format: FLOW_FORMAT,
      id: `flw_fz${n}`,
      name: `Fuzz ${n++}`,
      active: false,
      nodes: [trigger],
      edges: [],
      webhookSecretRef: null,
    },
    ['samples', 'http_call_1'],
    samples,
  )

const importFile = fc.oneof(
  deepText.map(flowText),
  protoText.map(flowText),
  malformedText,
  hostileText,
  deepText.map((t) => embed({ format: 'chatflow.bundle/1', flows: [], templates: [] }, ['catalog'], t)),
  fc.constant(null).map(() => flowText('{"result":{"ok":true}}')),
)

it('imports hostile files only as documented: a clear refusal and nothing written, or the flow', async () => {
  await fc.assert(
    fc.asyncProperty(importFile, async (text) => {
      const res = await call('transfer.import', { fileName: 'fuzz.json', text, onConflict: 'keep-both', choices: {} })
      if (res.ok) importedFlows += res.value.outcomes.filter((o: { storedId: string | null }) => o.storedId).length
      else expect(['invalid_file', 'bad_request'], res.error?.message).toContain(res.error?.code)
    }),
    { numRuns: 300, interruptAfterTimeLimit: BUDGET_MS },
  )
}, 60_000)

const hostileCode = fc.oneof(
  fc.constantFrom(
    'return { v: Array.prototype.lastIndexOf.call({ length: 2 ** 53 - 1 }, 1) }',
    'return { v: Array.prototype.includes.call({ length: 2 ** 53 - 1 }, 1) }',
    'const a = []; for (;;) a.push(new Array(1e5).fill(1))',
    'let s = "x"; for (;;) s += s',
    'function f() { return f() } return f()',
    'let o = {}; for (let i = 0; i < 1e5; i++) o = { o }; return { o }',
    'Object.prototype.polluted = 1; return { v: ({}).polluted }',
    'await new Promise(() => {})',
    'return Promise.reject(new Error("no"))',
    'while (true) {}',
  ),
  fc.string({ maxLength: 300 }),
)

it('tests hostile scripts and values in the sandbox: a result or a script_* failure, never an internal error', async () => {
  // A sandbox worker ready before the clock starts (one may have idled out; from the sources it loads slowly).
  expect(
    await call('integrations.testScript', { config: { code: 'return {}', inputs: [], outputs: [], timeoutMs: 1000 } }),
  ).toMatchObject({ ok: true })
  await fc.assert(
    fc.asyncProperty(
      hostileCode,
      fc.integer({ min: -1000, max: 60_000 }),
      fc.oneof(deepText, protoText, fc.constant('{"n":1}')),
      async (code, timeoutMs, value) => {
        const config = { code, inputs: [{ name: 'x', value: '' }], outputs: [], timeoutMs: Math.min(timeoutMs, 300) }
        const res = await call(
          'integrations.testScript',
          new RawJson(`{"config":${JSON.stringify(config)},"values":{"x":${value}}}`),
        )
        if (!res.ok) expect(res.error?.code, res.error?.message).toBe('bad_request')
        else if (!res.value.ok) expect(SCRIPT_CODES.has(res.value.error.code), res.value.error.code).toBe(true)
      },
    ),
    // A longer budget than the others: run from the sources here, a sandbox worker replaced after a frozen script
    // loads its TypeScript afresh, which on a busy machine took longer than 5 s (fast-check then fails the property
    // for having finished no run at all).
    { numRuns: 60, interruptAfterTimeLimit: 2 * BUDGET_MS },
  )
}, 60_000)

it('refuses the largest hostile files at once: nested millions of levels, millions of values, or over the size limit', async () => {
  // 8 MiB of `[[[…]]]` took the back end 3.5 s to parse before the guard read the text first.
  const levels = JSON_LIMITS.fileBytes / 2 - 1024
  const deep = await call('transfer.import', {
    fileName: 'deep.json',
    text: flowText('['.repeat(levels) + ']'.repeat(levels)),
    onConflict: 'keep-both',
    choices: {},
  })
  expect(deep.error?.message).toMatch(/deep\.json: \/samples\/http_call_1\/0\/0\/.*nested more than 64 levels deep/)
  // 8 MiB of `[],[],…` (2.7 million arrays) took 3 s to parse and check; past 500,000 values a file is refused from
  // its text (600,000 here, to keep the test light).
  const wide = await call('transfer.inspect', {
    fileName: 'wide.json',
    text: flowText('[' + '[],'.repeat(600_000) + '[]]'),
  })
  expect(wide.value.problems[0].message).toMatch(/^it holds more than 500,000 values/)
  const big = await call('transfer.inspect', {
    fileName: 'big.json',
    text: ' '.repeat(JSON_LIMITS.fileBytes + 100 * 1024),
  })
  expect(big.value.problems[0].message).toBe('it is 8.1 MiB, larger than the 8 MiB a file may be')
}, 60_000)

it('answered another client throughout, gives the memory back, and kept only imported flows', async () => {
  const stormCalls = calls
  await Promise.all(probes)
  expect(healthProblems).toEqual([])
  expect(healthAnswered).toBe(Math.floor(stormCalls / PROBE_EVERY))
  const flows = await call('flows.list', {})
  expect(flows.value).toHaveLength(importedFlows)
  if (process.platform === 'linux') {
    // Back within 50 MB once the storm has passed: V8's memory reducer returns what it freed once the heap has been
    // quiet for a while, which on a busy CI machine took more than 8 s (51 MB at 8 s once); a leak never comes back.
    let over = rssMb() - baseline
    for (let waited = 0; over >= 50 && waited < 20_000; waited += 250) {
      await new Promise((r) => setTimeout(r, 250))
      over = rssMb() - baseline
    }
    expect(over).toBeLessThan(50)
  }
}, 40_000)
