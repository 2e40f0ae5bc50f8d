// Issue 13: a flow made in the studio runs unchanged on the runtime after a publish. The studio holds the template
// and the products; publish.send carries them with the document; the runtime, opened as `chatflow serve` opens it
// (openStore: its own effects, no mocks), sends the template and product messages through its channel adapter.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DELIVERY_FEEDBACK } from '../services/transfer/testing/support'
import { createTempBackend, expectOk, type TempBackend } from '../studio/testing/backend'
import { MemoryAdapter } from '../runtime/adapters/log-adapter'
import { openStore } from '../runtime/open'
import { Runtime } from '../runtime/runtime'
import { startRuntimeServer } from '../runtime/server'
import { ChannelClient } from '../runtime/testing/channel-client'
import { EXAMPLES } from '../runtime/testing/runtime-fixtures'
import { describeEachStore, type StoreCase } from '../runtime/testing/stores'

const KEY = 'k_library_0123456789abcdef'
const library = JSON.parse(fs.readFileSync(path.join(EXAMPLES, 'library.json'), 'utf8')) as {
  catalog: Array<{ catalogId: string; id: string; name: string }>
}

/** The runtime as `chatflow serve` builds it over this store kind, listening on free ports. */
async function serve(c: StoreCase, dirs: string[]) {
  const args = await c.serveArgs()
  const dataDir = args[0] === '--data-dir' ? args[1]! : fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-library-'))
  if (args[0] !== '--data-dir') dirs.push(dataDir)
  const opened = await openStore({ dataDir, databaseUrl: args[0] === '--database-url' ? args[1] : undefined })
  const adapter = new MemoryAdapter()
  const runtime = new Runtime({ store: opened.store, adapter, effects: opened.effects, log: () => undefined })
  const server = await startRuntimeServer(runtime, {
    settings: { ...opened.settings, port: 0, ratePerSecond: 1000, burst: 1000 },
    inboundKey: KEY,
    publishKey: KEY,
    publishPort: 0,
    log: () => undefined,
  })
  const secretOf = async (flowId: string) => {
    const res = await fetch(`${server.publishUrl}/flows/${flowId}/webhook-secret`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: '{}',
    })
    return ((await res.json()) as { secret: string }).secret
  }
  const publish = (body: unknown, flowId: string) =>
    fetch(`${server.publishUrl}/flows/${flowId}/versions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  return {
    runtime,
    adapter,
    server,
    publish,
    secretOf,
    client: new ChannelClient(server.listener.url!, KEY),
    async close() {
      await server.close()
      await runtime.close()
    },
  }
}

describeEachStore(
  'templates and products travel with a publish',
  (c) => {
    let studio: TempBackend
    let serverCount = 0
    const dirs: string[] = []
    beforeAll(async () => {
      studio = createTempBackend()
      for (const name of ['feedback-form', 'catalogue']) {
        const fileName = `${name}.flow.json`
        expectOk(
          await studio.backend.call('transfer.import', {
            fileName,
            text: fs.readFileSync(path.join(EXAMPLES, fileName), 'utf8'),
          }),
        )
      }
      expectOk(await studio.backend.call('integrations.saveTemplate', { template: DELIVERY_FEEDBACK }))
      for (const product of library.catalog) expectOk(await studio.backend.call('catalog.save', { product }))
    })
    afterAll(async () => {
      await studio.cleanup()
      dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }))
    })

    async function publishFromStudio(url: string, flowId: string) {
      const saved = expectOk(
        await studio.backend.call('publish.servers.save', {
          name: `runtime ${c.kind} ${++serverCount}`,
          baseUrl: url,
          key: KEY,
        }),
      )
      return expectOk(await studio.backend.call('publish.send', { serverId: saved.id, flowId }))
    }

    it('feedback-form: the webhook sends the delivery_feedback template from the published library', async () => {
      const rt = await serve(c, dirs)
      try {
        const flowId = 'flw_feedback'
        const preview = expectOk(
          await studio.backend.call('publish.preview', {
            serverId: expectOk(
              await studio.backend.call('publish.servers.save', {
                name: `preview ${c.kind}`,
                baseUrl: rt.server.publishUrl!,
                key: KEY,
              }),
            ).id,
            flowId,
          }),
        )
        expect(preview.warnings.filter((w) => w.includes('library'))).toEqual([])
        await publishFromStudio(rt.server.publishUrl!, flowId)
        const secret = await rt.secretOf(flowId)
        const answer = await rt.client.webhook(flowId, secret, {
          phone_number: '+919800000001',
          data: { order_id: 'A-1001' },
        })
        await rt.runtime.idle()
        const sent = rt.adapter.to('+919800000001').map((e) => e.message)
        const template = sent.find((m) => m.type === 'template') as
          { template: { name: string; language: unknown; components?: Array<{ type: string }> } } | undefined
        expect(template, JSON.stringify({ answer, sent })).toBeDefined()
        expect(template!.template.name).toBe('delivery_feedback')
        expect(template!.template.language).toEqual({ code: 'en' })
        const body = template!.template.components!.find((x) => x.type === 'body') as unknown as {
          parameters: Array<{ text: string }>
        }
        expect(body.parameters.map((p) => p.text)[1]).toBe('A-1001')
        expect(answer.state).toBe('paused')
      } finally {
        await rt.close()
      }
    })

    it('catalogue: "shop" sends the product and the sections with the published products', async () => {
      const rt = await serve(c, dirs)
      try {
        await publishFromStudio(rt.server.publishUrl!, 'flw_catalogue')
        const answer = await rt.client.send('+491700000001', 'Lena', { type: 'text', text: 'shop' })
        await rt.runtime.idle()
        const sent = rt.adapter.to('+491700000001').map((e) => e.message) as Array<{
          type: string
          interactive?: { type: string; action: Record<string, unknown> }
        }>
        const products = sent.filter((m) => m.type === 'interactive')
        expect(
          products.map((m) => m.interactive!.type),
          JSON.stringify({ answer, sent }),
        ).toEqual(['product', 'product_list'])
        expect(products[0]!.interactive!.action).toMatchObject({
          catalog_id: '1184729301',
          product_retailer_id: 'TEA-SENCHA-100',
        })
        const sections = products[1]!.interactive!.action.sections as Array<{
          product_items: Array<{ product_retailer_id: string }>
        }>
        expect(sections.flatMap((s) => s.product_items).length).toBe(6)
        // The SPM node looked the product up in the runtime's catalogue (not 'unchecked', not effect_unavailable).
        const contact = (await rt.runtime.store.contactByPhone('+491700000001'))!
        const [run] = await rt.runtime.store.runsOfContact(contact.id)
        expect(run!.status).toBe('ended')
        const spm = (await rt.runtime.store.trace(run!.id)).find((t) => t.nodeName === 'interactive_spm_1' && t.output)
        const sencha = library.catalog.find((p) => p.id === 'TEA-SENCHA-100')!
        expect(spm!.output).toMatchObject({ checked: true, product: { id: 'TEA-SENCHA-100', name: sencha.name } })
      } finally {
        await rt.close()
      }
    })

    it('a bad template in the library is refused with its path, and nothing is stored', async () => {
      const rt = await serve(c, dirs)
      try {
        const document = JSON.parse(fs.readFileSync(path.join(EXAMPLES, 'feedback-form.flow.json'), 'utf8')) as {
          id: string
        }
        const bad = { ...DELIVERY_FEEDBACK, name: 'Delivery Feedback!' }
        const res = await rt.publish(
          { document, library: { templates: [DELIVERY_FEEDBACK, bad], catalog: [] } },
          document.id,
        )
        expect(res.status).toBe(422)
        const body = (await res.json()) as { error: { code: string; issues: Array<{ path: unknown[] }> } }
        expect(body.error.code).toBe('invalid_flow')
        expect(body.error.issues[0]!.path).toEqual(['library', 'templates', 1, 'name'])
        expect(await rt.runtime.store.versions(document.id)).toEqual([])
        // The good template was not stored either: a later publish without a library cannot send it.
        const plain = await rt.publish({ document }, document.id)
        expect(plain.status).toBe(201)
        const secret = await rt.secretOf(document.id)
        await rt.client.webhook(document.id, secret, { phone_number: '+919800000009', data: { order_id: 'A-9' } })
        await rt.runtime.idle()
        expect(rt.adapter.to('+919800000009').map((e) => e.message.type)).not.toContain('template')
      } finally {
        await rt.close()
      }
    })
  },
  120_000,
)
