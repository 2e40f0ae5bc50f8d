import { afterEach, beforeEach, expect, it } from 'vitest'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import type { Backend } from '../backend'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'
import { backendTarget } from './backend-target'
import { startPublishApi } from '../../services/publish/start'

// publish.preview between two real back ends: the studio, and a production server (a second back end behind the
// real publish API on 127.0.0.1). Errors, warnings, untested branches, and the changes since the running version.

const KEY = 'pk_test_0123456789abcdef'
let studio: TempBackend
let server: TempBackend
let stop: () => Promise<void>
let api: Backend
let serverId: string

beforeEach(async () => {
  studio = createTempBackend()
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

const flow = (id: string, prompt: string) =>
  buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
      { type: 'question', name: 'ask', config: { prompt, saveTo: 'age' } },
      { type: 'message', name: 'thanks', config: { text: 'Thanks' } },
      { type: 'end', name: 'done', config: {} },
    ],
    [
      ['trigger_1', 'out', 'ask'],
      ['ask', 'out', 'thanks'],
      ['thanks', 'out', 'done'],
    ],
    { id, name: 'Age', active: true },
  )

it('shows untested branches before the first publish, then the changes since the version the server runs', async () => {
  const created = expectOk(await api.call('flows.create', { name: 'Age' }))
  const saved = expectOk(
    await api.call('flows.save', { document: flow(created.id, 'Your age?'), expectedRevision: created.revision }),
  )
  const first = expectOk(await api.call('publish.preview', { serverId, flowId: created.id }))
  expect(first.errors).toEqual([])
  expect(first.changes).toMatchObject({
    since: null,
    lines: [],
    note: expect.stringContaining('Not published on this server yet'),
  })
  expect(first.untested.map((b) => `${b.nodeName}/${b.portLabel}`)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^trigger_1\//), expect.stringMatching(/^ask\//)]),
  )
  expect(first.coverage).toMatchObject({ covered: 0 })

  expect(expectOk(await api.call('publish.send', { serverId, flowId: created.id })).version.version).toBe(1)
  expect(expectOk(await api.call('publish.preview', { serverId, flowId: created.id })).changes).toMatchObject({
    since: 1,
    lines: [],
    note: 'No changes since version 1.',
  })

  // The prompt changes and a node goes; then a test run covers the trigger's branch (coverage counts runs of the
  // current structure, docs/coverage.md).
  const edited = flow(created.id, 'How old are you?')
  edited.nodes = edited.nodes.filter((n) => n.name !== 'thanks')
  edited.edges = edited.edges.filter((e) => e.target !== 'n_thanks' && e.source !== 'n_thanks')
  edited.edges.push({ id: 'e_skip', source: 'n_ask', sourcePort: 'out', target: 'n_done' })
  expectOk(await api.call('flows.save', { document: edited, expectedRevision: saved.revision }))
  const contact = expectOk(await api.call('emulator.contact', {}))
  expectOk(await api.call('emulator.start', { flowId: created.id, contactId: contact.id, trigger: { kind: 'manual' } }))
  const second = expectOk(await api.call('publish.preview', { serverId, flowId: created.id }))
  expect(second.changes.since).toBe(1)
  expect(second.changes.lines).toEqual([
    'Removed node thanks (message)',
    'Changed node ask: prompt: "Your age?" → "How old are you?"',
    'Added connection ask (out) → done',
    'Removed connection ask (out) → thanks',
    'Removed connection thanks (out) → done',
  ])
  expect(second.untested.some((b) => b.nodeName === 'trigger_1')).toBe(false)

  // Rolled back on the server: the comparison follows the running version.
  expect(expectOk(await api.call('publish.send', { serverId, flowId: created.id })).version.version).toBe(2)
  expectOk(await api.call('publish.remote.rollback', { serverId, flowId: created.id, version: 1 }))
  expect(expectOk(await api.call('publish.preview', { serverId, flowId: created.id })).changes.since).toBe(1)
})

it('says when the running version was not sent from this studio, and blocks nothing it cannot compare', async () => {
  const created = expectOk(await api.call('flows.create', { name: 'Age' }))
  const doc = flow(created.id, 'Your age?')
  expectOk(await api.call('flows.save', { document: doc, expectedRevision: created.revision }))
  expectOk(await server.backend.call('publish.receive', { document: doc }))
  const p = expectOk(await api.call('publish.preview', { serverId, flowId: created.id }))
  expect(p.changes).toMatchObject({
    since: 1,
    comparison: null,
    note: expect.stringContaining('was not published from this studio'),
  })
})

it('lists validation errors, which the publish itself refuses', async () => {
  const created = expectOk(await api.call('flows.create', { name: 'Broken' }))
  const doc = flow(created.id, '')
  expectOk(await api.call('flows.save', { document: doc, expectedRevision: created.revision }))
  const p = expectOk(await api.call('publish.preview', { serverId, flowId: created.id }))
  expect(p.errors.length).toBeGreaterThan(0)
  const sent = await api.call('publish.send', { serverId, flowId: created.id })
  expect(sent.ok ? null : sent.error.code).toBe('invalid_flow')
})
