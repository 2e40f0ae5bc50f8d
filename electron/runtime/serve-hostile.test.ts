// Issue 18, cases 1 and 2 against `chatflow serve` as production runs it (the server build, plain node): a Script
// looping inside Array.prototype.lastIndexOf froze every flow and made serve ignore SIGTERM; an allocation bomb left
// it at 915 MB. Now the script fails its node, other flows are answered meanwhile, SIGTERM stops serve, and the
// memory goes back.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { FlowDocument } from '../../shared/flow/document'
import { openDatabase } from '../services/db/open'
import { FlowStore } from '../services/store/flows'
import { SecretStore } from '../services/webhook/secrets'
import { startServe, type ServeChild } from './testing/serve-child'

let dir: string
let serve: ServeChild
const keys: Record<string, string> = {}

const FROZEN = 'return { v: Array.prototype.lastIndexOf.call({ length: 2 ** 53 - 1 }, 1) }'
const BOMB = 'const a = []; for (;;) a.push(new Array(1e6).fill(1))'

function scriptFlow(doc: FlowDocument, code: string | null, timeoutMs = 1000): FlowDocument {
  const trigger = doc.nodes[0]!
  const message = {
    id: 'n_msg',
    type: 'message' as const,
    name: 'message_1',
    position: { x: 0, y: 300 },
    config: { text: 'done' },
  }
  const script = {
    id: 'n_script',
    type: 'script' as const,
    name: 'script_1',
    position: { x: 0, y: 150 },
    config: { code, inputs: [], outputs: [], timeoutMs },
  }
  return {
    ...doc,
    active: true,
    nodes: [
      { ...trigger, config: { ...trigger.config, kind: 'webhook', dataFields: [] } },
      ...(code === null ? [] : [script]),
      message,
    ],
    edges:
      code === null
        ? [{ id: 'e1', source: trigger.id, sourcePort: 'out', target: 'n_msg' }]
        : [
            { id: 'e1', source: trigger.id, sourcePort: 'out', target: 'n_script' },
            { id: 'e2', source: 'n_script', sourcePort: 'success', target: 'n_msg' },
          ],
  }
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-serve-hostile-'))
  const db = openDatabase(path.join(dir, 'studio.sqlite'))
  const flows = new FlowStore(db, Date.now)
  const secrets = new SecretStore(db)
  for (const [name, code, timeoutMs] of [
    ['frozen', FROZEN, 5000], // the longest limit: other requests are answered far inside it
    ['bomb', BOMB, 5000],
    ['plain', null, 0],
    ['quick', 'return { ok: 1 }', 1000],
  ] as const) {
    const { id } = flows.create(name)
    flows.change(id, 'test', (doc) => ({ ...scriptFlow(doc, code, timeoutMs), id }))
    keys[name] = `${id} ${secrets.ensure(id).secret}`
  }
  db.close()
  serve = await startServe(['--data-dir', dir, '--port', '0'])
})

afterAll(async () => {
  await serve?.stop('SIGKILL')
  fs.rmSync(dir, { recursive: true, force: true })
})

let phone = 919800000100
async function hook(flow: string): Promise<{ status: number; ms: number; body: { run_error?: { code: string } } }> {
  const [id, secret] = keys[flow]!.split(' ')
  const t0 = Date.now()
  const res = await fetch(`${serve.hook}/chatbot-webhook/${id}/trigger`, {
    method: 'POST',
    headers: { 'x-api-key': secret!, 'content-type': 'application/json' },
    // A contact of its own per request: one contact's runs wait for each other by design.
    body: JSON.stringify({ phone_number: `+${phone++}` }),
  })
  return { status: res.status, ms: Date.now() - t0, body: (await res.json()) as { run_error?: { code: string } } }
}

const rssMb = (): number => {
  const status = fs.readFileSync(`/proc/${serve.child.pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024
}
const onLinux = process.platform === 'linux'

// Answered meanwhile is an order of events, not a time: the frozen script ends only at its deadline, so the other
// flows' answers must all come before its own, on a machine of any speed.
it('fails a Script frozen inside a built-in with script_timeout while other flows are answered meanwhile', async () => {
  expect((await hook('quick')).status).toBe(200) // the sandbox started
  const order: string[] = []
  const frozen = hook('frozen').then((a) => (order.push('frozen'), a))
  for (let i = 0; i < 3; i++) {
    const plain = await hook('plain')
    expect(plain.status).toBe(200)
    order.push('plain')
  }
  const answer = await frozen
  expect(order).toEqual(['plain', 'plain', 'plain', 'frozen'])
  expect(answer.status).toBe(200)
  expect(answer.body.run_error?.code).toBe('script_timeout')
  expect(answer.ms).toBeGreaterThanOrEqual(5000)
})

it.runIf(onLinux)('stops an allocation bomb with script_memory and gives the memory back', async () => {
  await hook('quick')
  const start = rssMb()
  let peak = start
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 25)
  const answer = await hook('bomb')
  clearInterval(sampler)
  expect(answer.body.run_error?.code).toBe('script_memory')
  // Before: 2 GB of WebAssembly memory per script, and 915 MB kept after the request.
  expect(peak - start).toBeLessThan(300)
  await new Promise((r) => setTimeout(r, 500))
  expect(rssMb() - start).toBeLessThan(50)
})

it('stops on SIGTERM while a script is frozen', async () => {
  const frozen = hook('frozen').catch(() => null)
  await new Promise((r) => setTimeout(r, 300))
  // The request in progress is answered first; the frozen script (which never ends by itself) is stopped at its
  // deadline, not waited for: a server that waited for it would never exit, and this test would time out.
  expect(await serve.stop('SIGTERM')).toBe(0)
  expect((await frozen)?.body.run_error?.code).toBe('script_timeout')
})
