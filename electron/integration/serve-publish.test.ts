// Publish from a back end to `chatflow serve` running as a child process on 127.0.0.1, then run the flow through
// the runtime's webhook endpoint.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openDatabase } from '../services/db/open'
import { SecretStore } from '../services/webhook/secrets'
import { orderTotalFlow } from '../services/webhook/testing/fixtures'
import { createTempBackend, expectOk } from '../studio/testing/backend'
import { storeFlow } from '../cli/commands/import'
import { DB_FILE_NAME } from '../studio/backend'
import { startServe, type ServeChild } from '../runtime/testing/serve-child'

const KEY = 'pk_test_0123456789abcdef'
let dir: string
let serve: ServeChild | undefined
let api: string
let webhook: string
let secret: string

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-publish-'))
  const db = openDatabase(path.join(dir, 'studio.sqlite'))
  // Secrets stay on the runtime (the publish API never carries them): the operator creates one per flow there.
  secret = new SecretStore(db).rotate('flw_pub').secret
  new SecretStore(db).ensure('flw_studio')
  db.close()
  serve = await startServe(['--data-dir', dir, '--port', '0'], {
    CHATFLOW_PUBLISH_KEY: KEY,
    CHATFLOW_PUBLISH_PORT: '0',
    CHATFLOW_WEBHOOK_PORT: '0',
  })
  api = serve.api
  webhook = serve.hook
}, 60_000)

afterAll(async () => {
  await serve?.stop()
  fs.rmSync(dir, { recursive: true, force: true })
})

const publish = (doc: unknown, key = KEY) =>
  fetch(`${api}/flows/flw_pub/versions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ document: doc }),
  })
const trigger = async () => {
  const res = await fetch(`${webhook}/chatbot-webhook/flw_pub/trigger`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': secret },
    body: JSON.stringify({ phone_number: '+919810000001', data: { name: 'Asha', amount: 100 } }),
  })
  return { status: res.status, body: (await res.json()) as { state: string; flow_id: string } }
}
const flow = (name?: string) => ({
  ...orderTotalFlow('flw_pub'),
  webhookSecretRef: 'flw_pub',
  ...(name ? { name } : {}),
})

it('refuses a wrong or missing key and writes nothing', async () => {
  const wrong = await publish(flow(), 'pk_test_0123456789abcdeX')
  expect(wrong.status).toBe(401)
  expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('unauthorized')
  expect((await fetch(`${api}/flows/flw_pub/versions`)).status).toBe(401)
  expect((await trigger()).status).toBe(404)
}, 30_000)

it('publishes, runs the flow through the webhook, lists versions and rolls back', async () => {
  const first = await publish(flow())
  expect(first.status).toBe(201)
  expect(await first.json()).toMatchObject({ flowId: 'flw_pub', version: 1, active: true })
  const run = await trigger()
  expect(run.status).toBe(200)
  expect(run.body).toMatchObject({ flow_id: 'flw_pub', state: 'ended' })

  expect((await publish(flow('Order total v2'))).status).toBe(201)
  const auth = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }
  const listed = (await (await fetch(`${api}/flows/flw_pub/versions`, { headers: auth })).json()) as {
    versions: { version: number; active: boolean }[]
  }
  expect(listed.versions.map((v) => [v.version, v.active])).toEqual([
    [2, true],
    [1, false],
  ])
  const back = await fetch(`${api}/flows/flw_pub/rollback`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ version: 1 }),
  })
  expect(back.status).toBe(200)
  expect(await back.json()).toMatchObject({ version: 1, active: true })
  expect((await trigger()).status).toBe(200)
}, 30_000)

it('refuses an invalid flow with its problems, leaving the running version', async () => {
  const broken = { ...flow('Broken'), edges: [] }
  const res = await publish(broken)
  expect(res.status).toBe(422)
  const body = (await res.json()) as { error: { code: string; issues: unknown[] } }
  expect(body.error.code).toBe('invalid_flow')
  expect(body.error.issues.length).toBeGreaterThan(0)
  expect((await publish({ ...flow(), id: 'flw_other' })).status).toBe(400)
  expect((await trigger()).status).toBe(200)
}, 30_000)

it('the studio back end publishes to the runtime: validation first, history, rollback, a wrong key refused', async () => {
  const studio = createTempBackend()
  try {
    await studio.backend.close()
    const db = openDatabase(path.join(studio.dataDir, DB_FILE_NAME))
    storeFlow(db, { ...orderTotalFlow('flw_studio'), webhookSecretRef: 'flw_studio' })
    storeFlow(db, { ...orderTotalFlow('flw_broken'), edges: [] })
    db.close()
    const studioApi = await studio.reopen()
    const server = expectOk(
      await studioApi.call('publish.servers.save', { name: 'Production', baseUrl: `${apiUrl()}/`, key: KEY }),
    )
    expect(server).toMatchObject({ name: 'Production', baseUrl: apiUrl(), keyStorage: 'keyFile' })
    expect(expectOk(await studioApi.call('publish.servers.list', {})).keyStorage).toMatch(
      /encrypted in the studio database, with a key kept outside it \(.*secrets\.key, readable by you only\)/,
    )

    const sent = expectOk(await studioApi.call('publish.send', { serverId: server.id, flowId: 'flw_studio' }))
    expect(sent.version).toMatchObject({ flowId: 'flw_studio', version: 1, active: true })
    expectOk(await studioApi.call('publish.send', { serverId: server.id, flowId: 'flw_studio' }))
    const history = expectOk(
      await studioApi.call('publish.remote.versions', { serverId: server.id, flowId: 'flw_studio' }),
    )
    expect(history.map((v) => [v.version, v.active])).toEqual([
      [2, true],
      [1, false],
    ])
    expect(
      expectOk(
        await studioApi.call('publish.remote.rollback', { serverId: server.id, flowId: 'flw_studio', version: 1 }),
      ),
    ).toMatchObject({ version: 1, active: true })

    const blocked = await studioApi.call('publish.send', { serverId: server.id, flowId: 'flw_broken' })
    expect(!blocked.ok && blocked.error.code).toBe('invalid_flow')
    expect(
      (await fetch(`${apiUrl()}/flows/flw_broken/versions`, { headers: { authorization: `Bearer ${KEY}` } }).then((r) =>
        r.json(),
      )) as unknown,
    ).toEqual({ versions: [] })

    const wrong = expectOk(
      await studioApi.call('publish.servers.save', {
        name: 'Wrong key',
        baseUrl: apiUrl(),
        key: 'pk_wrong_0123456789abcdef',
      }),
    )
    const refused = await studioApi.call('publish.send', { serverId: wrong.id, flowId: 'flw_studio' })
    expect(!refused.ok && refused.error.code).toBe('unauthorized')
  } finally {
    await studio.cleanup()
  }
}, 30_000)

const apiUrl = () => api
