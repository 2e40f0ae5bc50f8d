import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { storeFlow } from '../cli/commands/import'
import { openDatabase } from '../services/db/open'
import { RunService } from '../services/runs'
import { orderTotalFlow } from '../services/webhook/testing/fixtures'
import { webhookRunStarter } from '../services/webhook/run-starter'
import { SecretStore } from '../services/webhook/secrets'
import { startServe } from '../runtime/testing/serve-child'
import { startTestListener, type TestListener } from '../services/webhook/testing/support'

// The reliability tests of the webhook (load, then a crash under load). They take seconds on an idle machine; the
// generous time limits are for a 2-core CI machine busy with other test files, since they test correctness, not speed.

// Load: 2000 requests over 64 connections on loopback against the real listener, engine and SQLite file. Every
// request is numbered; every 200 must name a run that exists exactly once with its 4-node trace and its message.
const REQUESTS = 2000
let t: TestListener
let runs: RunService

beforeAll(async () => {
  t = await startTestListener((db) => webhookRunStarter((runs = new RunService(db))), {
    ratePerSecond: 1_000_000,
    burst: 1_000_000,
  })
})
afterAll(() => t.close())

it('gives every accepted request exactly one run with a full trace', async () => {
  const { id } = t.flows.create()
  t.flows.change(id, 'load', () => orderTotalFlow(id))
  const secret = t.secrets.rotate(id).secret
  let n = 0
  const accepted = new Map<number, string>()
  const statuses = new Map<number, number>()
  const result = await autocannon({
    url: `${t.url}/chatbot-webhook/${id}/trigger`,
    connections: 64,
    amount: REQUESTS,
    timeout: 20,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': secret },
        setupRequest(req, context) {
          const seq = n++
          context.seq = seq
          const body = {
            phone_number: `+9198000${String(seq % 97).padStart(5, '0')}`,
            data: { name: 'Asha', amount: seq % 2 ? 250 : 40, seq },
          }
          return { ...req, body: JSON.stringify(body) }
        },
        onResponse(status, body, context) {
          const seq = context.seq as number
          statuses.set(status, (statuses.get(status) ?? 0) + 1)
          if (status === 200) accepted.set(seq, (JSON.parse(body) as { run_id: string }).run_id)
        },
      },
    ],
  })
  expect(result.errors + result.timeouts).toBe(0)
  expect(Object.fromEntries(statuses)).toEqual({ 200: REQUESTS })

  const rows = t.db
    .prepare(
      `SELECT r.id, r.status, json_extract(r.state, '$.trigger.data.seq') AS seq,
              (SELECT count(*) FROM trace_events e WHERE e.run_id = r.id) AS trace,
              (SELECT count(*) FROM messages m WHERE m.run_id = r.id AND m.direction = 'out') AS sent
       FROM runs r WHERE r.flow_id = ?`,
    )
    .all(id) as { id: string; status: string; seq: number; trace: number; sent: number }[]
  expect(rows).toHaveLength(accepted.size)
  const bySeq = new Map(rows.map((r) => [r.seq, r]))
  expect(bySeq.size).toBe(rows.length)
  for (const [seq, runId] of accepted) {
    const row = bySeq.get(seq)
    expect(row?.id).toBe(runId)
    expect(row).toMatchObject({ status: 'ended', trace: 4, sent: 1 })
  }
  expect(runs.contacts.list(1000)).toHaveLength(97)
}, 150_000)

// Fault: `chatflow serve` as a child process is SIGKILLed under load, then restarted on the same data directory.
// Every request answered 2xx before the kill must have its complete run, and the database must be intact.
it('loses no accepted run when serve is killed under load, and the database stays intact', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-fault-'))
  try {
    const db = openDatabase(path.join(dir, 'studio.sqlite'))
    storeFlow(db, orderTotalFlow('flw_fault'))
    const secret = new SecretStore(db).rotate('flw_fault').secret
    db.close()
    const env = { CHATFLOW_WEBHOOK_RATE: '1000000' }

    const first = await startServe(['--data-dir', dir, '--port', '0'], env)
    const accepted = new Map<number, string>()
    let seq = 0
    let stop = false
    const send = async (url: string, n: number) => {
      const res = await fetch(`${url}/chatbot-webhook/flw_fault/trigger`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': secret },
        body: JSON.stringify({
          phone_number: `+9198100${String(n % 13).padStart(5, '0')}`,
          data: { name: 'Asha', amount: 250, seq: n },
        }),
      })
      const body = (await res.json()) as { run_id: string }
      if (res.status === 200) accepted.set(n, body.run_id)
      return res.status
    }
    const worker = async () => {
      while (!stop) {
        try {
          await send(first.hook, seq++)
        } catch {
          return // the server died under us: that request may or may not have a run, but it had no 2xx
        }
      }
    }
    let working = 16
    const workers = Array.from({ length: working }, () => worker().finally(() => working--))
    // Kill once 150 runs are accepted; should every worker stop first (serve died), fail now rather than at the timeout.
    while (accepted.size < 150 && working > 0) await new Promise((r) => setTimeout(r, 20))
    expect(accepted.size).toBeGreaterThanOrEqual(150)
    first.child.kill('SIGKILL')
    expect(await first.exited).toBe('SIGKILL')
    stop = true
    await Promise.all(workers)
    const beforeKill = new Map(accepted)

    const second = await startServe(['--data-dir', dir, '--port', '0'], env)
    for (let i = 0; i < 10; i++) expect(await send(second.hook, 1_000_000 + i)).toBe(200)
    second.child.kill('SIGTERM')
    expect(await second.exited).toBe(0)

    const check = openDatabase(path.join(dir, 'studio.sqlite'))
    try {
      expect(check.pragma('integrity_check', { simple: true })).toBe('ok')
      const rows = check
        .prepare(
          `SELECT r.id, r.status, json_extract(r.state, '$.trigger.data.seq') AS seq,
                  (SELECT count(*) FROM trace_events e WHERE e.run_id = r.id) AS trace
           FROM runs r WHERE r.flow_id = 'flw_fault'`,
        )
        .all() as { id: string; status: string; seq: number; trace: number }[]
      const bySeq = new Map(rows.map((r) => [r.seq, r]))
      expect(bySeq.size).toBe(rows.length)
      for (const [n, runId] of [...beforeKill, ...accepted]) {
        expect(bySeq.get(n)).toMatchObject({ id: runId, status: 'ended', trace: 4 })
      }
    } finally {
      check.close()
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}, 150_000)
