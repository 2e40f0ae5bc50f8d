// `chatflow serve` killed (SIGKILL) while a message it committed is on its way to the channel gateway: the next
// serve on the same state delivers it, once, with the same id (docs/runtime.md, "Outbound messages"). SQLite: at the
// restart. PostgreSQL: once the dead instance's lease (3 × CHATFLOW_OUTBOUND_TIMEOUT_MS) has run out.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, it } from 'vitest'
import { ChannelClient } from './testing/channel-client'
import { exampleFlow } from './testing/runtime-fixtures'
import { startServe } from './testing/serve-child'
import { describeEachStore } from './testing/stores'

const KEY = 'k_crash_0123456789abcdef'

/** A gateway that records each POSTed envelope and answers 200, or never answers when `silent`. */
async function gateway(silent: boolean) {
  const received: Array<{ id: string; to: string; message: { text: { body: string } } }> = []
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (d: Buffer) => (body += d.toString()))
    req.on('end', () => {
      received.push(JSON.parse(body) as (typeof received)[number])
      if (!silent) res.writeHead(200).end()
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const close = () => (server.closeAllConnections(), new Promise((r) => server.close(r)))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`, received, close }
}

const serve = (state: string[], outboundUrl: string) =>
  startServe([...state, '--port', '0', '--publish-port', '0', '--outbound-url', outboundUrl], {
    CHATFLOW_PUBLISH_KEY: KEY,
    CHATFLOW_INBOUND_KEY: KEY,
    CHATFLOW_OUTBOUND_TIMEOUT_MS: '1000',
  })

describeEachStore('chatflow serve killed mid-send', (c) => {
  it('delivers the committed message after the restart, once, with its id', async () => {
    const state = await c.serveArgs()
    const silent = await gateway(true)
    const live = await gateway(false)
    const first = await serve(state, silent.url)
    let second: Awaited<ReturnType<typeof serve>> | null = null
    try {
      const res = await fetch(`${first.api}/flows/${exampleFlow('age-gate').id}/versions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ document: exampleFlow('age-gate') }),
      })
      expect(res.status).toBe(201)
      const answer = await new ChannelClient(first.hook, KEY).send('+919800000901', 'Asha', {
        type: 'text',
        text: 'wine',
      })
      expect(answer).toMatchObject({ status: 'processed', action: 'started' })
      await expect.poll(() => silent.received.length, { timeout: 20_000 }).toBeGreaterThan(0)
      await first.stop('SIGKILL')
      const sentBefore = silent.received[0]!

      second = await serve(state, live.url)
      await expect.poll(() => live.received.length, { timeout: 30_000 }).toBe(1)
      expect(live.received[0]).toMatchObject({
        id: sentBefore.id,
        to: '+919800000901',
        message: { text: { body: 'Welcome to the cellar! How old are you?' } },
      })
      expect(new Set(silent.received.map((e) => e.id))).toEqual(new Set([sentBefore.id]))
      // A clean stop's exit code is serve-process.test.ts's concern; here only that nothing more was sent.
      await second.stop()
      expect(live.received, second.output()).toHaveLength(1)
    } finally {
      await first.stop('SIGKILL')
      if (second) await second.stop('SIGKILL')
      await silent.close()
      await live.close()
    }
  }, 120_000)
})
