// Takeover notifications against a real HTTP server on loopback, on each store: written in the takeover's own
// transaction, POSTed with the body signed (HMAC-SHA256 of the exact bytes), tried again after a 500 once its
// backoff has passed on the (fake) clock with the same id and bytes, marked sent at the first 2xx; a 4xx is a
// refusal for good; a takeover whose transaction rolled back sends nothing. Each outcome is counted.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createHmac } from 'node:crypto'
import { afterEach, expect, it } from 'vitest'
import type { Handover } from '../../shared/engine'
import { startedNotice } from './handover-notice'
import { HandoverNotifier } from './handover-notifier'
import { RuntimeMetrics } from './metrics'
import type { RuntimeStore } from './store'
import { describeEachStore } from './testing/stores'

const SECRET = 'hsec_0123456789abcdef'
const T0 = Date.UTC(2026, 0, 10, 9)

interface Received {
  headers: http.IncomingHttpHeaders
  body: string
}

/** A receiver answering each POST with the next status of `statuses` (then 200). */
async function receiver(statuses: number[]) {
  const received: Received[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
      res.writeHead(statuses.shift() ?? 200).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/handover`
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

function handover(id: string): Handover {
  return { id, since: T0, by: 'api', runId: null, flowId: null, nodeId: null, until: null, note: 'refund' }
}

/** A takeover of a new contact committed with its notification, as the runtime's step writes it. */
async function takeOver(store: RuntimeStore, phone: string, id: string) {
  return store.withContact(phone, 'Asha', async (tx) => {
    const h = handover(id)
    const notification = startedNotice({
      handover: h,
      contact: tx.contact,
      flow: null,
      lastMessages: [],
      apiBase: null,
    })
    await tx.commit({ steps: [], handovers: [{ start: h }], notifications: [notification] })
    return notification
  })
}

describeEachStore('takeover notifications', (c) => {
  let store: RuntimeStore | undefined
  let stop: Array<() => Promise<void>> = []
  afterEach(async () => {
    for (const s of stop) await s()
    stop = []
    await store?.close()
    store = undefined
  })

  async function setUp(statuses: number[]) {
    store = (await c.open()).store
    const r = await receiver(statuses)
    const clock = { now: T0 }
    const metrics = new RuntimeMetrics({ defaults: false })
    const notifier = new HandoverNotifier(store.handovers, {
      url: r.url,
      secret: SECRET,
      pollMs: null,
      now: () => clock.now,
      counter: metrics.handoverNotifications,
    })
    stop.push(() => notifier.close(), r.close)
    const count = async (outcome: string) =>
      (await metrics.handoverNotifications.get()).values.find((v) => v.labels.outcome === outcome)?.value ?? 0
    return { store, notifier, clock, received: r.received, count }
  }

  it('POSTs the committed body signed, tries again after a 500 once its backoff has passed, then marks it sent', async () => {
    const { store, notifier, clock, received, count } = await setUp([500])
    const notice = await takeOver(store, '+919800000701', 'hnd_notify1')
    expect(await notifier.drain()).toBe(1)
    expect(received).toHaveLength(1)
    // Not due again before its backoff (500 ms on the fake clock).
    clock.now += 499
    expect(await notifier.drain()).toBe(0)
    clock.now += 1
    expect(await notifier.drain()).toBe(1)
    expect(received).toHaveLength(2)
    for (const r of received) {
      expect(r.body).toBe(notice.body)
      expect(r.headers['x-chatflow-delivery']).toBe(notice.id)
      expect(r.headers['x-chatflow-event']).toBe('handover.started')
      expect(r.headers['x-chatflow-signature']).toBe(
        `sha256=${createHmac('sha256', SECRET).update(r.body).digest('hex')}`,
      )
    }
    expect(JSON.parse(received[0]!.body)).toMatchObject({
      event: 'handover.started',
      handover: { id: 'hnd_notify1', note: 'refund', by: 'api' },
      contact: { phone: '+919800000701', name: 'Asha' },
      flow: null,
      lastMessages: [],
    })
    // Sent: never again.
    clock.now += 3_600_000
    expect(await notifier.drain()).toBe(0)
    expect([await count('retried'), await count('sent'), await count('failed')]).toEqual([1, 1, 0])
    // Retention forgets it once sent, with the inbound message ids; a pending one stays.
    await takeOver(store, '+919800000704', 'hnd_notify4')
    expect(await store.forgetInbound(clock.now + 1, 100)).toBe(1)
    expect(await notifier.drain()).toBe(1)
  })

  it('gives up at once on a refusal (a 4xx other than 408 and 429)', async () => {
    const { store, notifier, clock, received, count } = await setUp([400])
    await takeOver(store, '+919800000703', 'hnd_notify3')
    expect(await notifier.drain()).toBe(1)
    clock.now += 3_600_000
    expect(await notifier.drain()).toBe(0)
    expect(received).toHaveLength(1)
    expect([await count('retried'), await count('failed')]).toEqual([0, 1])
  })
})
