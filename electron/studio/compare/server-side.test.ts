import { afterEach, beforeEach, expect, it } from 'vitest'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import { startPublishApi } from '../../services/publish/start'
import { backendTarget } from '../publish/backend-target'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'

// What a production server runs, for comparing with the draft: two real back ends, the real publish API on loopback.

const KEY = 'pk_test_0123456789abcdef'
let studio: TempBackend
let server: TempBackend
let other: TempBackend
let stop: () => Promise<void>
let serverId: string

beforeEach(async () => {
  studio = createTempBackend()
  server = createTempBackend()
  other = createTempBackend()
  const started = await startPublishApi(backendTarget(server.backend), KEY, '127.0.0.1', 0)
  stop = () => started.app.close()
  serverId = expectOk(
    await studio.backend.call('publish.servers.save', { name: 'Prod', baseUrl: started.url, key: KEY }),
  ).id
  expectOk(await other.backend.call('publish.servers.save', { name: 'Prod', baseUrl: started.url, key: KEY }))
})
afterEach(async () => {
  await stop()
  await Promise.all([studio.cleanup(), server.cleanup(), other.cleanup()])
})

const flow = (id: string, text: string) =>
  buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
      { type: 'message', name: 'hello', config: { text } },
      { type: 'end', name: 'done', config: {} },
    ],
    [
      ['trigger_1', 'out', 'hello'],
      ['hello', 'out', 'done'],
    ],
    { id, name: 'Hello', active: true },
  )

it('hands back the running version as sent, and says why when there is none to compare with', async () => {
  const api = studio.backend
  const created = expectOk(await api.call('flows.create', { name: 'Hello' }))
  expectOk(await api.call('flows.save', { document: flow(created.id, 'Hi there') }))
  const none = await api.call('compare.serverSide', { serverId, flowId: created.id })
  expect(!none.ok && none.error).toMatchObject({ code: 'not_found', message: 'This flow is not published on Prod.' })

  expectOk(await api.call('publish.send', { serverId, flowId: created.id }))
  expectOk(await api.call('flows.save', { document: flow(created.id, 'Hello, friend') }))
  const running = expectOk(await api.call('compare.serverSide', { serverId, flowId: created.id }))
  expect(running).toMatchObject({ version: 1, serverName: 'Prod' })
  expect(running.document.nodes.find((n) => n.name === 'hello')!.config.text).toBe('Hi there')

  // Another studio sees the version running but never sent it: refused in words.
  const otherServer = expectOk(await other.backend.call('publish.servers.list', {})).servers[0]!.id
  const foreign = await other.backend.call('compare.serverSide', { serverId: otherServer, flowId: created.id })
  expect(!foreign.ok && foreign.error).toMatchObject({
    code: 'unavailable',
    message: 'Version 1 on Prod was not published from this studio, so it cannot be compared.',
  })
})
