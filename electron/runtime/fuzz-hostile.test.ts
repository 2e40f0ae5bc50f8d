// The fuzz suite for `chatflow serve` (issue 18): nested, huge, prototype-keyed and malformed bodies at the webhook
// trigger and the inbound endpoint of the server build, run as production runs it. Throughout: every answer is one
// the docs list (docs/webhook.md, docs/runtime.md) and never a 5xx, every health request sent during the storm is
// answered 200 {"status":"ok"} (counted in requests and never timed: a slow machine is slow, not broken), and no
// contact or run is written for a refused request; afterwards the process's memory is back within 50 MB.
// Bounded in time: each property stops after its time budget, whatever number of runs it reached.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  deepText,
  embed,
  hostileText,
  malformedText,
  nestedText,
  ordinaryValue,
  protoText,
} from '../../shared/json/testing/hostile'
import { openDatabase } from '../services/db/open'
import { FlowStore } from '../services/store/flows'
import { exampleFlow } from '../services/transfer/testing/support'
import { orderTotalFlow } from '../services/webhook/testing/fixtures'
import { SecretStore } from '../services/webhook/secrets'
import { startServe, type ServeChild } from './testing/serve-child'

const INBOUND_KEY = 'ik_fuzz_0123456789abcdef'
const WEBHOOK_STATUSES = new Set([200, 400, 401, 404, 405, 408, 409, 413, 415, 429, 431])
const INBOUND_STATUSES = new Set([200, 400, 401, 408, 413, 415, 422])
const BUDGET_MS = 6_000

let dir: string
let serve: ServeChild
let secret: string
const acceptedRuns = new Set<string>()
const acceptedContacts = new Set<string>()
let baseline = 0
let phone = 919800001000
const nextPhone = () => `+${phone++}`
// Health throughout, counted in work: every PROBE_EVERY-th request of the storm also sends GET /healthz, concurrent
// with the storm's next requests, and each must be answered 200 with its documented body, however long it takes.
const PROBE_EVERY = 10
let sent = 0
const probes: Promise<void>[] = []
let healthAnswered = 0
const healthProblems: string[] = []

function probeHealth(): void {
  probes.push(
    fetch(`${serve.hook}/healthz`).then(
      async (res) => {
        const body = await res.text()
        if (res.status === 200 && body === '{"status":"ok"}') healthAnswered++
        else healthProblems.push(`${res.status} ${body}`)
      },
      (err: unknown) => void healthProblems.push(err instanceof Error ? err.message : String(err)),
    ),
  )
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-fuzz-serve-'))
  const db = openDatabase(path.join(dir, 'studio.sqlite'))
  const flows = new FlowStore(db, Date.now)
  for (const doc of [orderTotalFlow('flw_total'), { ...exampleFlow('age-gate'), active: true }]) {
    const { id } = flows.create(doc.name)
    flows.change(id, 'fuzz', () => ({ ...doc, id }))
    if (doc.id === 'flw_total') secret = new SecretStore(db).ensure(id).secret + ` ${id}`
  }
  db.close()
  serve = await startServe(['--data-dir', dir, '--port', '0', '--inbound-key', INBOUND_KEY], {
    CHATFLOW_WEBHOOK_RATE: '100000',
    CHATFLOW_WEBHOOK_BURST: '100000',
  })
  // The baseline: after an accepted request has loaded everything a request uses.
  const [key, id] = secret.split(' ')
  accept(
    await send(
      `${serve.hook}/chatbot-webhook/${id}/trigger`,
      { 'content-type': 'application/json', 'x-api-key': key! },
      JSON.stringify({ phone_number: nextPhone() }),
    ),
  )
  if (process.platform === 'linux') baseline = rssMb()
})

function accept(res: { status: number; json: Record<string, unknown> | null }): void {
  if (res.status !== 200) return
  if (typeof res.json?.run_id === 'string') acceptedRuns.add(res.json.run_id)
  if (typeof res.json?.contact_id === 'string') acceptedContacts.add(res.json.contact_id)
}

afterAll(async () => {
  await serve?.stop('SIGKILL')
  fs.rmSync(dir, { recursive: true, force: true })
})

const rssMb = () =>
  Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${serve.child.pid}/status`, 'utf8'))![1]) / 1024

async function send(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; json: Record<string, unknown> | null }> {
  if (++sent % PROBE_EVERY === 0) probeHealth()
  const res = await fetch(url, { method: 'POST', headers, body })
  const text = await res.text()
  let json: Record<string, unknown> | null = null
  try {
    json = JSON.parse(text) as Record<string, unknown>
  } catch {
    // a 408 or a refused connection's plain answer: the status is what is checked
  }
  return { status: res.status, json }
}

const webhookBody = fc.oneof(
  deepText.map((t) => embed({ phone_number: nextPhone() }, ['data', 'x'], t)),
  protoText,
  malformedText,
  hostileText.map((t) => embed({ phone_number: nextPhone() }, ['data'], t)),
  fc
    .constantFrom(70_000, 300_000)
    .map((n) => JSON.stringify({ phone_number: nextPhone(), data: { s: 'x'.repeat(n) } })),
  fc
    .record(
      {
        phone_number: fc.oneof(fc.string(), fc.constant('+919800000001')),
        data: ordinaryValue,
        message_text: fc.string({ maxLength: 5000 }),
      },
      { requiredKeys: [] },
    )
    .map((o) => JSON.stringify(o)),
  fc.constant(null).map(() => JSON.stringify({ phone_number: nextPhone(), data: { name: 'Asha', amount: 250 } })),
)

it('answers hostile webhook requests only with documented statuses, and keeps serving', async () => {
  const [key, id] = secret.split(' ')
  await fc.assert(
    fc.asyncProperty(
      webhookBody,
      fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain'),
      fc.boolean(),
      async (body, type, rightKey) => {
        const res = await send(
          `${serve.hook}/chatbot-webhook/${id}/trigger`,
          { 'content-type': type, 'x-api-key': rightKey ? key! : 'whsec_wrong' },
          body,
        )
        expect(WEBHOOK_STATUSES.has(res.status), `${res.status} ${JSON.stringify(res.json)}`).toBe(true)
        accept(res)
      },
    ),
    { numRuns: 400, interruptAfterTimeLimit: BUDGET_MS },
  )
}, 60_000)

const inboundBody = fc.oneof(
  deepText.map((t) =>
    embed(
      { contact: { wa_id: nextPhone().slice(1) } },
      ['message'],
      `{"id":"wamid.${phone}","type":"text","text":{"body":"wine"},"referral":${t}}`,
    ),
  ),
  deepText.map((t) =>
    JSON.stringify({
      contact: { wa_id: nextPhone().slice(1) },
      message: {
        id: `wamid.f${phone}`,
        type: 'interactive',
        interactive: { type: 'nfm_reply', nfm_reply: { response_json: t } },
      },
    }),
  ),
  protoText,
  malformedText,
  hostileText.map((t) => embed({ contact: { wa_id: nextPhone().slice(1) } }, ['message', 'context'], t)),
  fc.constant(null).map(() =>
    JSON.stringify({
      contact: { wa_id: nextPhone().slice(1), name: 'Asha' },
      message: { id: `wamid.ok${phone}`, type: 'text', text: { body: 'wine' } },
    }),
  ),
)

it('answers hostile inbound messages only with documented statuses, never retry', async () => {
  await fc.assert(
    fc.asyncProperty(inboundBody, fc.boolean(), async (body, rightKey) => {
      const res = await send(
        `${serve.hook}/api/v1/inbound`,
        { 'content-type': 'application/json', authorization: `Bearer ${rightKey ? INBOUND_KEY : 'x'.repeat(20)}` },
        body,
      )
      expect(INBOUND_STATUSES.has(res.status), `${res.status} ${JSON.stringify(res.json)}`).toBe(true)
      accept(res)
    }),
    { numRuns: 400, interruptAfterTimeLimit: BUDGET_MS },
  )
}, 60_000)

it('answered every health request during the storm, gives the memory back, and wrote runs only for accepted requests', async () => {
  const storm = sent
  await Promise.all(probes)
  expect(healthProblems).toEqual([])
  expect(healthAnswered).toBe(Math.floor(storm / PROBE_EVERY))
  // And after it: the process is alive and answers as documented.
  const after = await fetch(`${serve.hook}/healthz`)
  expect([after.status, await after.text()]).toEqual([200, '{"status":"ok"}'])
  if (process.platform === 'linux') {
    // From a warmed-up process (the first requests load what every later one uses), after the storm has passed.
    const settled = rssMb()
    await send(
      `${serve.hook}/chatbot-webhook/x/trigger`,
      { 'content-type': 'application/json', 'x-api-key': 'x' },
      nestedText(30_000, 'array'),
    )
    await new Promise((r) => setTimeout(r, 500))
    expect(rssMb() - settled).toBeLessThan(50)
    expect(settled - baseline).toBeLessThan(50)
  }
  expect(await serve.stop('SIGTERM')).toBe(0)
  const db = openDatabase(path.join(dir, 'studio.sqlite'))
  const runs = (db.prepare('SELECT id FROM runs').all() as { id: string }[]).map((r) => r.id)
  const contacts = (db.prepare('SELECT id FROM contacts').all() as { id: string }[]).map((r) => r.id)
  db.close()
  expect(new Set(runs)).toEqual(acceptedRuns)
  expect(contacts.filter((c) => !acceptedContacts.has(c))).toEqual([])
})
