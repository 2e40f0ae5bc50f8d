// Exactly-once wake-ups with two `chatflow serve` instances on one PostgreSQL database and a SIGKILL in the middle
// (docs/runtime.md, "Time"): runs whose time came while no server ran are woken when one starts (a missed wake,
// logged with how late it ran); that instance is killed while its wakes are half done (inside the contact
// transactions, in an HTTP Call the fake API holds), and the second instance wakes every run once the dead one's
// claims have run out: each run's timeout path is committed once and its message reaches the gateway once.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import { expect, it } from 'vitest'
import { buildFlow } from '../../shared/engine/testing/fixtures'
import { ChannelClient } from './testing/channel-client'
import { startServe, type ServeChild } from './testing/serve-child'
import { describePostgresStore } from './testing/stores'

const KEY = 'k_wakes_0123456789abcdef'
const RUNS = 12

async function listen(handler: http.RequestListener) {
  const server = http.createServer(handler)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const close = () => (server.closeAllConnections(), new Promise((r) => server.close(r)))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close }
}

describePostgresStore('wake-ups with two instances and a SIGKILL', (c) => {
  it('wakes each due run exactly once, late runs included, across a killed instance', async () => {
    const received: Array<{ run_id: string; message: { text?: { body: string } } }> = []
    const gateway = await listen((req, res) => {
      let body = ''
      req.on('data', (d: Buffer) => (body += d.toString()))
      req.on('end', () => {
        received.push(JSON.parse(body) as (typeof received)[number])
        res.writeHead(200).end()
      })
    })
    // The reminder's HTTP Call: held unanswered while `hold`, so the first instance is caught mid-wake; once let go,
    // every held call still open is answered (the second instance's, made after the first died) and new ones at once.
    let hold = true
    let calls = 0
    const held: http.ServerResponse[] = []
    const answer = (res: http.ServerResponse) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok": true}')
    const api = await listen((req, res) => {
      calls++
      if (hold) held.push(res)
      else answer(res)
    })
    const letGo = () => {
      hold = false
      for (const res of held.splice(0)) if (!res.destroyed && !res.writableEnded) answer(res)
    }
    const flow = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['remind'], matchMode: 'exact' } },
        { type: 'question', name: 'ask', config: { prompt: 'When shall we deliver?', saveTo: 'when' } },
        { type: 'http_call', name: 'call', config: { url: `${api.url}/remind`, timeoutMs: 30_000 } },
        { type: 'message', name: 'reminder', config: { text: 'Reminder: tell us when to deliver.' } },
        { type: 'end', name: 'end_1' },
      ],
      [
        ['trigger_1', 'out', 'ask'],
        ['ask', 'out', 'end_1'],
        ['ask', 'failure', 'call'],
        ['call', 'success', 'reminder'],
        ['call', 'failure', 'reminder'],
        ['reminder', 'out', 'end_1'],
      ],
      { id: 'flw_remind', name: 'Remind' },
    )
    const state = await c.serveArgs()
    const url = state[1]!
    const env = { CHATFLOW_PUBLISH_KEY: KEY, CHATFLOW_INBOUND_KEY: KEY, CHATFLOW_WAKE_LEASE_MS: '2000' }
    const serve = () =>
      startServe([...state, '--port', '0', '--publish-port', '0', '--outbound-url', `${gateway.url}/send`], env)
    const children: ServeChild[] = []
    const db = new pg.Client({ connectionString: url })
    try {
      const first = await serve()
      children.push(first)
      const published = await fetch(`${first.api}/flows/${flow.id}/versions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ document: flow }),
      })
      expect(published.status).toBe(201)
      const client = new ChannelClient(first.hook, KEY)
      for (let i = 0; i < RUNS; i++)
        expect(
          await client.send(`+9198000070${String(i).padStart(2, '0')}`, 'Asha', { type: 'text', text: 'remind' }),
        ).toMatchObject({ action: 'started', state: 'paused' })
      expect(await first.stop()).toBe(0)
      // While no server runs, the runs' time comes and goes: each now waits until a minute ago, leaving by 'failure'
      // (the state a "no reply within" leaves, written as the engine writes it; wake_at as every commit keeps it).
      await db.connect()
      const due = Date.now() - 60_000
      const { rowCount } = await db.query(
        `UPDATE runs SET wake_at = $1, state = jsonb_set(state::jsonb, '{waiting}',
           (state::jsonb -> 'waiting') || jsonb_build_object('until', $1::bigint, 'timeoutPort', 'failure'))::text
         WHERE status = 'paused' AND flow_id = $2`,
        [due, flow.id],
      )
      expect(rowCount).toBe(RUNS)

      const a = await serve()
      children.push(a)
      // a wakes the missed runs at once, and is caught inside them (its HTTP Calls held, its transactions open).
      await expect.poll(() => calls, { timeout: 20_000 }).toBeGreaterThan(0)
      const b = await serve()
      children.push(b)
      await a.stop('SIGKILL')
      letGo()
      await expect
        .poll(
          async () =>
            (await db.query("SELECT count(*)::int AS n FROM runs WHERE flow_id = $1 AND status = 'ended'", [flow.id]))
              .rows[0].n,
          {
            timeout: 30_000,
          },
        )
        .toBe(RUNS)
      await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2 * RUNS)

      // Once per run: one committed resume of the waiting node, one HTTP Call and one reminder in its log, one at
      // the gateway; nothing waits on time any more.
      const { rows } = await db.query<{ run_id: string; node_name: string; phase: string; port: string | null }>(
        `SELECT t.run_id, t.node_name, t.phase, t.port FROM trace_events t JOIN runs r ON r.id = t.run_id WHERE r.flow_id = $1`,
        [flow.id],
      )
      const runIds = [...new Set(rows.map((r) => r.run_id))]
      expect(runIds).toHaveLength(RUNS)
      for (const id of runIds) {
        const mine = rows.filter((r) => r.run_id === id)
        expect(mine.filter((r) => r.node_name === 'ask' && r.phase === 'resume').map((r) => r.port)).toEqual([
          'failure',
        ])
        expect(mine.filter((r) => r.node_name === 'call')).toHaveLength(1)
        expect(mine.filter((r) => r.node_name === 'reminder')).toHaveLength(1)
      }
      const reminders = received.filter((e) => e.message.text?.body.startsWith('Reminder'))
      expect(reminders.map((e) => e.run_id).sort()).toEqual([...runIds].sort())
      expect((await db.query('SELECT count(*)::int AS n FROM runs WHERE wake_at IS NOT NULL')).rows[0].n).toBe(0)
      // a's calls were made and cut off with it (an HTTP Call is at least once: its step rolled back), b's one per run.
      expect(calls).toBeGreaterThanOrEqual(RUNS + 1)
      // The lines saying how late each missed wake ran (proven on both stores with a fake clock in wakes.test.ts)
      // are checked here only for what they say: which instance woke which run depends on how far a got before it
      // was killed, and a's last lines may die with it unflushed; the rows above prove each run was woken once.
      // Only whole lines are read (the last piece of a pipe's output may be a line still being written).
      const lines = [a, b]
        .flatMap((ch) => ch.output().split('\n').slice(0, -1))
        .filter((l) => l.includes('"run woken'))
        .map((l) => JSON.parse(l) as { runId: string; lateMs: number; dueAt: string })
      expect(new Set(lines.map((w) => w.runId)).size).toBe(lines.length)
      for (const w of lines) {
        expect(runIds).toContain(w.runId)
        expect(w.dueAt).toBe(new Date(due).toISOString())
        expect(w.lateMs).toBeGreaterThanOrEqual(60_000)
      }
    } finally {
      await Promise.all(children.map((ch) => ch.stop('SIGKILL')))
      await db.end().catch(() => undefined)
      await gateway.close()
      await api.close()
    }
  }, 120_000)
})
