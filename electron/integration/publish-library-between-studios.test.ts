import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { productsUsed } from '../../shared/analysis/library-refs'
import { EXAMPLES, exampleFlow } from '../runtime/testing/runtime-fixtures'
import { createTempBackend, expectOk, type TempBackend } from '../studio/testing/backend'
import { DELIVERY_FEEDBACK } from '../services/transfer/testing/support'
import { backendTarget } from '../studio/publish/backend-target'
import { startPublishApi } from '../services/publish/start'

// The library that travels with a publish, between two real back ends: the studio, and a production server (the
// browser host's publish API over a second back end). The runtime's stores are covered in
// electron/integration/publish-library-to-runtime.test.ts.

const KEY = 'pk_test_0123456789abcdef'
let studio: TempBackend
let server: TempBackend
let stop: () => Promise<void>
let url: string
let serverId: string

const read = (name: string) => fs.readFileSync(path.join(EXAMPLES, name), 'utf8')

beforeEach(async () => {
  studio = createTempBackend()
  server = createTempBackend()
  const started = await startPublishApi(backendTarget(server.backend), KEY, '127.0.0.1', 0)
  stop = () => started.app.close()
  url = started.url
  serverId = expectOk(
    await studio.backend.call('publish.servers.save', { name: 'Prod', baseUrl: started.url, key: KEY }),
  ).id
  for (const name of ['feedback-form', 'catalogue'])
    expectOk(
      await studio.backend.call('transfer.import', { fileName: `${name}.flow.json`, text: read(`${name}.flow.json`) }),
    )
})
afterEach(async () => {
  await stop()
  await studio.cleanup()
  await server.cleanup()
})

it('publish.send carries the templates and products the flow uses, and the server keeps them', async () => {
  expectOk(await studio.backend.call('integrations.saveTemplate', { template: DELIVERY_FEEDBACK }))
  const catalog = (JSON.parse(read('library.json')) as { catalog: Array<{ id: string }> }).catalog
  for (const product of catalog) expectOk(await studio.backend.call('catalog.save', { product }))
  expectOk(await studio.backend.call('publish.send', { serverId, flowId: 'flw_feedback' }))
  expectOk(await studio.backend.call('publish.send', { serverId, flowId: 'flw_catalogue' }))
  const templates = expectOk(await server.backend.call('integrations.listTemplates', {})).templates
  expect(templates.map((t) => `${t.name}/${t.language}/${t.body}`)).toEqual([
    `delivery_feedback/en/${DELIVERY_FEEDBACK.body}`,
  ])
  const products = expectOk(await server.backend.call('catalog.list', {})).products.map((p) => p.id)
  // What the catalogue flow names with a literal id travels, each once.
  const used = [...new Set(productsUsed(exampleFlow('catalogue')).map((p) => p.productId))].sort()
  expect(used.length).toBeGreaterThan(1)
  expect(products.sort()).toEqual(used)
})

it('the preview warns of a used template or product the studio does not hold; the publish goes on without it', async () => {
  const feedback = expectOk(await studio.backend.call('publish.preview', { serverId, flowId: 'flw_feedback' }))
  expect(feedback.warnings).toContain('Template delivery_feedback (en) is used but not in the template library.')
  const shop = expectOk(await studio.backend.call('publish.preview', { serverId, flowId: 'flw_catalogue' }))
  expect(shop.warnings).toContain('Product TEA-SENCHA-100 of catalogue 1184729301 is used but not in the catalogue.')
  expectOk(await studio.backend.call('publish.send', { serverId, flowId: 'flw_feedback' }))
  expect(expectOk(await server.backend.call('integrations.listTemplates', {})).templates).toEqual([])
})

it('a bad product in the library is refused with its path, and neither the version nor the library is stored', async () => {
  const document = JSON.parse(read('feedback-form.flow.json')) as { id: string }
  const res = await fetch(`${url}/flows/${document.id}/versions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      document,
      library: {
        templates: [DELIVERY_FEEDBACK],
        catalog: [{ catalogId: 'c1', id: 'P 1', name: 'x', price: 1, currency: 'EUR' }],
      },
    }),
  })
  expect(res.status).toBe(422)
  const body = (await res.json()) as { error: { code: string; issues: Array<{ path: unknown[] }> } }
  expect(body.error.code).toBe('invalid_flow')
  expect(body.error.issues.map((i) => i.path)).toEqual([['library', 'catalog', 0, 'id']])
  expect(expectOk(await server.backend.call('publish.versions', { flowId: document.id }))).toEqual([])
  expect(expectOk(await server.backend.call('integrations.listTemplates', {})).templates).toEqual([])
})
