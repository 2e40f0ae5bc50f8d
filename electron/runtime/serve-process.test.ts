// `chatflow serve` as a child process on each store: publish over the publish API, a secret, a webhook run and an
// inbound conversation, outbound messages in the log adapter's file, then a clean stop on SIGTERM.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, it } from 'vitest'
import { orderTotalFlow } from '../services/webhook/testing/fixtures'
import { ChannelClient } from './testing/channel-client'
import { exampleFlow } from './testing/runtime-fixtures'
import { startServe } from './testing/serve-child'
import { describeEachStore } from './testing/stores'

const KEY = 'k_serve_0123456789abcdef'

describeEachStore('chatflow serve', (c) => {
  it('publishes, runs a webhook and a conversation, logs outbound messages, and stops on SIGTERM', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-serve-out-'))
    const outLog = path.join(dir, 'outbound.jsonl')
    const serve = await startServe(
      [
        ...(await c.serveArgs()),
        '--port',
        '0',
        '--publish-port',
        '0',
        '--outbound-log',
        outLog,
        '--retention-days',
        '30',
      ],
      {
        CHATFLOW_PUBLISH_KEY: KEY,
        CHATFLOW_INBOUND_KEY: KEY,
      },
    )
    try {
      const out = serve.output()
      const urls = { api: serve.api, hook: serve.hook }
      expect(out).toContain(`Inbound messages: ${urls.hook}/api/v1/inbound`)
      expect(out).toContain(`Outbound messages: JSON lines appended to ${outLog}`)
      expect(out).toContain('Log retention: finished runs older than 30 days are deleted hourly')
      const auth = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }
      for (const document of [
        exampleFlow('age-gate'),
        { ...orderTotalFlow('flw_total'), webhookSecretRef: 'flw_total' },
      ]) {
        const res = await fetch(`${urls.api}/flows/${document.id}/versions`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ document }),
        })
        expect(res.status).toBe(201)
      }
      const { secret } = (await (
        await fetch(`${urls.api}/flows/flw_total/webhook-secret`, { method: 'POST', headers: auth, body: '{}' })
      ).json()) as { secret: string }
      const client = new ChannelClient(urls.hook, KEY)
      expect(
        await client.webhook('flw_total', secret, { phone_number: '+919800000021', data: { name: 'Ravi', amount: 5 } }),
      ).toMatchObject({ state: 'ended' })
      expect(await client.send('+919800000022', 'Asha', { type: 'text', text: 'wine' })).toMatchObject({
        status: 'processed',
        action: 'started',
      })
      expect(await client.send('+919800000022', 'Asha', { type: 'text', text: '30' })).toMatchObject({
        status: 'processed',
        action: 'resumed',
        state: 'ended',
      })
      const bodies = async () =>
        fs.existsSync(outLog)
          ? fs
              .readFileSync(outLog, 'utf8')
              .trim()
              .split('\n')
              .filter(Boolean)
              .map((l) => JSON.parse(l) as { id: string; message: { text: { body: string } } })
              .map((e) => (expect(e.id).toMatch(/^out_[0-9a-f]{32}$/), e.message.text.body))
          : []
      await expect.poll(bodies, { timeout: 10_000 }).toHaveLength(3)
      expect(await bodies()).toEqual([
        'Hi Ravi, your total is 5.9',
        'Welcome to the cellar! How old are you?',
        'Thanks! Our wine list is at https://example-cellar.com/wines. Cheers, Asha!',
      ])
      expect(await serve.stop()).toBe(0)
    } finally {
      await serve.stop('SIGKILL')
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 90_000)
})
