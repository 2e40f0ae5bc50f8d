// A broadcast across a SIGKILL, on each store (docs/runtime.md, "Broadcasts"): `chatflow serve` from the build starts
// a planned broadcast at a paced 20 messages a second to a gateway, is killed in the middle, and a new process on the
// same state finishes it. Every recipient's run is started once (its state is written in the contact's transaction
// with the run) and every contact gets exactly one message id at the gateway: none lost, none sent twice (the outbox
// is at least once per id, so a send cut off before its mark may arrive again with the same id, never a second one).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { expect, it } from 'vitest'
import { openDatabase } from '../services/db/open'
import { PgRuntimeStore } from './pg-store'
import { SqliteRuntimeStore } from './sqlite-store'
import type { RuntimeStore } from './store'
import { startServe, type ServeChild } from './testing/serve-child'
import { describeEachStore } from './testing/stores'
import { PROMO_TEMPLATE as promo, promoFlow } from './testing/promo-broadcast'

const N = 60
const flow = promoFlow('flw_promo', 'Promo')
const phone = (i: number) => `+9198000${String(8000 + i)}`

async function listen(handler: http.RequestListener) {
  const server = http.createServer(handler)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const close = () => (server.closeAllConnections(), new Promise((r) => server.close(r)))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close }
}

describeEachStore('a broadcast across a SIGKILL', (c) => {
  it('loses no recipient and sends none twice when serve is killed in the middle', async () => {
    const received: Array<{ id: string; to: string; run_id: string }> = []
    const gateway = await listen((req, res) => {
      let body = ''
      req.on('data', (d: Buffer) => (body += d.toString()))
      req.on('end', () => {
        received.push(JSON.parse(body) as (typeof received)[number])
        res.writeHead(200).end()
      })
    })
    const state = await c.serveArgs()
    const open = (): Promise<RuntimeStore> =>
      c.kind === 'sqlite'
        ? Promise.resolve(new SqliteRuntimeStore(openDatabase(path.join(state[1]!, 'studio.sqlite'))))
        : PgRuntimeStore.open(state[1]!)
    // Planned before serve starts (the publish API's routes are another lane's): the flow with its template, then
    // the broadcast, due now.
    let store = await open()
    await store.publish(flow, { templates: [promo as never], catalog: [] })
    const planned = await store.broadcasts.create(
      { name: 'Crash test', flowId: flow.id, variables: { code: 'X1' } },
      Array.from({ length: N }, (_, i) => ({ phone: phone(i), dueAt: Date.now() })),
      Date.now(),
    )
    await store.close()
    const children: ServeChild[] = []
    const serve = async () => {
      const child = await startServe(
        [...state, '--port', '0', '--outbound-url', `${gateway.url}/send`, '--send-rate', '20'],
        { CHATFLOW_BROADCAST_LEASE_MS: '1500' },
      )
      children.push(child)
      return child
    }
    const ids = () => new Map(received.map((e) => [e.to, new Set<string>()]))
    try {
      const first = await serve()
      await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(15)
      await first.stop('SIGKILL')
      const atKill = new Set(received.map((e) => e.to)).size
      expect(atKill).toBeLessThan(N)
      const second = await serve()
      await expect.poll(() => new Set(received.map((e) => e.to)).size, { timeout: 60_000 }).toBe(N)
      expect(await second.stop()).toBe(0)

      // One message id per contact: a second arrival, if any, is the same message again (at least once per id).
      const perContact = ids()
      for (const e of received) perContact.get(e.to)!.add(e.id)
      expect([...perContact.values()].every((s) => s.size === 1)).toBe(true)
      expect([...perContact.keys()].sort()).toEqual(Array.from({ length: N }, (_, i) => phone(i)).sort())

      store = await open()
      // What the runner's next round does (proven in broadcast-host.test.ts): settle the started ones from the outbox.
      await store.broadcasts.settleStarted(Date.now(), 1000)
      await store.broadcasts.finishDone(Date.now())
      const view = await store.broadcasts.get(planned.id)
      expect(view).toMatchObject({ status: 'done', counts: { total: N, sent: N, pending: 0, started: 0 } })
      for (let i = 0; i < N; i++) {
        const contact = await store.contactByPhone(phone(i))
        expect((await store.runsOfContact(contact!.id)).length).toBe(1)
      }
      const rs = await store.broadcasts.recipients(planned.id, { limit: N })
      expect(new Set(rs.map((r) => r.runId)).size).toBe(N)
      await store.close()
    } finally {
      await Promise.all(children.map((ch) => ch.stop('SIGKILL')))
      await gateway.close()
    }
  }, 180_000)
})
