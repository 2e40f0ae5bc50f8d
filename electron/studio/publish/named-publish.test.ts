import { afterEach, beforeEach, expect, it } from 'vitest'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import type { Backend } from '../backend'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'
import { backendTarget } from './backend-target'
import { startPublishApi } from '../../services/publish/start'

// Publishing names the revision it publishes (issue 36): between two real back ends, the studio and a production
// server behind the real publish API on 127.0.0.1, each on its own SQLite file.

const KEY = 'pk_test_0123456789abcdef'
let studio: TempBackend
let server: TempBackend
let stop: () => Promise<void>
let api: Backend
let serverId: string

beforeEach(async () => {
  // A clock that stands still: what a server runs must not depend on two publishes falling in different milliseconds.
  studio = createTempBackend({ now: () => 1_700_000_000_000 })
  server = createTempBackend()
  api = studio.backend
  const started = await startPublishApi(backendTarget(server.backend), KEY, '127.0.0.1', 0)
  stop = () => started.app.close()
  serverId = expectOk(await api.call('publish.servers.save', { name: 'Prod', baseUrl: started.url, key: KEY })).id
})
afterEach(async () => {
  await stop()
  await studio.cleanup()
  await server.cleanup()
})

const flow = (id: string, text: string) =>
  buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
      { type: 'message', name: 'hours', config: { text } },
      { type: 'end', name: 'done', config: {} },
    ],
    [
      ['trigger_1', 'out', 'hours'],
      ['hours', 'out', 'done'],
    ],
    { id, name: 'Hours', active: true },
  )

it('names the revision it publishes, shows the names in the preview, and gives each server version beside the draft', async () => {
  const created = expectOk(await api.call('flows.create', { name: 'Hours' }))
  const r2 = expectOk(await api.call('flows.save', { document: flow(created.id, 'Open 9 to 5') })).revision
  expect(expectOk(await api.call('revisions.published', {}))).toEqual([])

  // Unnamed: publishing names it after the server and version.
  expect(expectOk(await api.call('publish.preview', { serverId, flowId: created.id })).revision).toEqual({
    revision: r2,
    label: null,
    description: null,
  })
  expectOk(await api.call('publish.send', { serverId, flowId: created.id }))
  expect(expectOk(await api.call('revisions.get', { flowId: created.id, revision: r2 })).label).toBe('Prod v1')
  expect(expectOk(await api.call('revisions.published', { flowId: created.id }))).toEqual([
    expect.objectContaining({ serverName: 'Prod', version: 1, revision: r2, label: 'Prod v1', draftRevision: r2 }),
  ])

  // Named in the dialog: the name given, kept on the revision, and the preview of the next publish says both names.
  const r3 = expectOk(await api.call('flows.save', { document: flow(created.id, 'Closed on the 25th') })).revision
  const before = expectOk(await api.call('publish.preview', { serverId, flowId: created.id }))
  expect(before.changes).toMatchObject({ since: 1, sinceLabel: 'Prod v1' })
  expectOk(
    await api.call('publish.send', {
      serverId,
      flowId: created.id,
      label: 'holiday hours',
      description: 'Closed on the 25th',
    }),
  )
  const list = expectOk(await api.call('revisions.list', { flowId: created.id, named: true }))
  expect(list.map((r) => [r.revision, r.label, r.published])).toEqual([
    [r3, 'holiday hours', [{ serverId, serverName: 'Prod', version: 2 }]],
    [r2, 'Prod v1', [{ serverId, serverName: 'Prod', version: 1 }]],
  ])
  expect(expectOk(await api.call('publish.preview', { serverId, flowId: created.id })).revision).toEqual({
    revision: r3,
    label: 'holiday hours',
    description: 'Closed on the 25th',
  })

  // The draft moves on; then the server is rolled back: the list follows what the server runs.
  const r4 = expectOk(await api.call('flows.save', { document: flow(created.id, 'Open again') })).revision
  expect(expectOk(await api.call('revisions.published', {}))).toEqual([
    expect.objectContaining({
      flowId: created.id,
      version: 2,
      revision: r3,
      label: 'holiday hours',
      draftRevision: r4,
    }),
  ])
  expectOk(await api.call('publish.remote.rollback', { serverId, flowId: created.id, version: 1 }))
  expect(expectOk(await api.call('revisions.published', {}))).toEqual([
    expect.objectContaining({ version: 1, revision: r2, label: 'Prod v1', draftRevision: r4 }),
  ])
  expect(expectOk(await api.call('publish.preview', { serverId, flowId: created.id })).changes).toMatchObject({
    since: 1,
    sinceLabel: 'Prod v1',
  })
})

it('keeps a name the revision already has when publishing without one, and refuses a bad name before sending', async () => {
  const created = expectOk(await api.call('flows.create', { name: 'Hours' }))
  const r2 = expectOk(await api.call('flows.save', { document: flow(created.id, 'Open 9 to 5') })).revision
  expectOk(await api.call('revisions.name', { flowId: created.id, revision: r2, label: 'summer' }))
  const bad = await api.call('publish.send', { serverId, flowId: created.id, label: '\u0007' })
  expect(bad.ok ? null : bad.error.code).toBe('bad_request')
  expect(expectOk(await server.backend.call('publish.versions', { flowId: created.id }))).toEqual([])
  expectOk(await api.call('publish.send', { serverId, flowId: created.id }))
  expect(expectOk(await api.call('revisions.get', { flowId: created.id, revision: r2 })).label).toBe('summer')
})
