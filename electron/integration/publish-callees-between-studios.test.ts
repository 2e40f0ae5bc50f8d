// Issue 30: publishing a flow sends every flow it calls. Between two real back ends: the studio, and a production
// server (the publish API over a second back end, whose SQLite VersionStore the runtime's SQLite store also uses;
// both runtime stores are covered in electron/runtime/publish-callees.test.ts).
import { afterEach, beforeEach, expect, it } from 'vitest'
import { callingFlow } from '../../shared/analysis/testing/call-graph'
import { serialiseFlow, type FlowDocument } from '../../shared/flow'
import { createTempBackend, expectOk, type TempBackend } from '../studio/testing/backend'
import { backendTarget } from '../studio/publish/backend-target'
import { startPublishApi } from '../services/publish/start'

const KEY = 'pk_test_0123456789abcdef'
let studio: TempBackend
let server: TempBackend
let stop: () => Promise<void>
let url: string
let serverId: string

const flows = (verifyText = 'v1') => [
  callingFlow('flw_appointment', ['flw_verify'], { name: 'Appointment' }),
  callingFlow('flw_verify', ['flw_sms'], { name: 'Verify phone', text: verifyText }),
  callingFlow('flw_sms', [], { name: 'Send code' }),
]
const put = async (doc: FlowDocument) =>
  expectOk(
    await studio.backend.call('transfer.import', {
      fileName: 'f.flow.json',
      text: serialiseFlow(doc),
      onConflict: 'replace',
    }),
  )

beforeEach(async () => {
  studio = createTempBackend()
  server = createTempBackend()
  const started = await startPublishApi(backendTarget(server.backend), KEY, '127.0.0.1', 0)
  stop = () => started.app.close()
  url = started.url
  serverId = expectOk(
    await studio.backend.call('publish.servers.save', { name: 'Prod', baseUrl: started.url, key: KEY }),
  ).id
})
afterEach(async () => {
  await stop()
  await studio.cleanup()
  await server.cleanup()
})

it('publish.send sends the callees, transitively; the preview lists each with its changes since the server has it', async () => {
  for (const d of flows()) await put(d)
  const first = expectOk(await studio.backend.call('publish.preview', { serverId, flowId: 'flw_appointment' }))
  expect(first.errors).toEqual([])
  expect(first.dependencies).toEqual([
    { flowId: 'flw_sms', name: 'Send code', since: null, lines: [], note: 'New on this server: sent whole.' },
    { flowId: 'flw_verify', name: 'Verify phone', since: null, lines: [], note: 'New on this server: sent whole.' },
  ])
  const out = expectOk(await studio.backend.call('publish.send', { serverId, flowId: 'flw_appointment' }))
  expect(out.version.dependencies?.map((d) => [d.flowId, d.version, d.reused])).toEqual([
    ['flw_sms', 1, false],
    ['flw_verify', 1, false],
  ])
  expect(expectOk(await server.backend.call('publish.versions', { flowId: 'flw_verify' }))).toHaveLength(1)
  // The callee changes in the studio: the next preview shows what changed in it, and the unchanged one as reused.
  await put(flows('v2')[1]!)
  const next = expectOk(await studio.backend.call('publish.preview', { serverId, flowId: 'flw_appointment' }))
  expect(next.dependencies?.find((d) => d.flowId === 'flw_sms')?.note).toBe(
    'Unchanged since version 1: the server reuses it.',
  )
  const changed = next.dependencies?.find((d) => d.flowId === 'flw_verify')
  expect(changed?.since).toBe(1)
  expect(changed?.lines.join('\n')).toContain('v2')
  const again = expectOk(await studio.backend.call('publish.send', { serverId, flowId: 'flw_appointment' }))
  expect(again.version.dependencies?.map((d) => [d.flowId, d.version, d.reused])).toEqual([
    ['flw_sms', 1, true],
    ['flw_verify', 2, false],
  ])
})

it('a call to a flow the studio does not have blocks the publish in the preview and in send, sending nothing', async () => {
  await put(callingFlow('flw_appointment', ['flw_gone'], { name: 'Appointment' }))
  const preview = expectOk(await studio.backend.call('publish.preview', { serverId, flowId: 'flw_appointment' }))
  expect(preview.errors).toContainEqual(expect.stringContaining('"Appointment" calls a flow (id flw_gone)'))
  const sent = await studio.backend.call('publish.send', { serverId, flowId: 'flw_appointment' })
  expect(!sent.ok && sent.error.code).toBe('callee_missing')
  expect(expectOk(await server.backend.call('publish.versions', { flowId: 'flw_appointment' }))).toEqual([])
})

it('the publish API answers a missing callee with 422 callee_missing and a sentence', async () => {
  const [appointment, verify] = flows()
  const res = await fetch(`${url}/flows/flw_appointment/versions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ document: appointment, dependencies: [verify] }),
  })
  expect(res.status).toBe(422)
  const body = (await res.json()) as { error: { code: string; message: string } }
  expect(body.error.code).toBe('callee_missing')
  expect(body.error.message).toMatch(/calls flow flw_sms, which this server does not have/)
})

it('publish.send checks the calls against the callees it sends: a required input left unmapped blocks it', async () => {
  const verify = { ...callingFlow('flw_verify', [], { name: 'Verify phone' }) }
  verify.interface = { inputs: [{ name: 'phone', required: true }], outputs: [] }
  await put(verify)
  await put(callingFlow('flw_appointment', ['flw_verify'], { name: 'Appointment' }))
  const sent = await studio.backend.call('publish.send', { serverId, flowId: 'flw_appointment' })
  expect(!sent.ok && sent.error.code).toBe('invalid_flow')
  expect(!sent.ok && sent.error.message).toMatch(/phone/)
  expect(expectOk(await server.backend.call('publish.versions', { flowId: 'flw_appointment' }))).toEqual([])
})

it('the publish API answers calls that do not fit their callee with 422 invalid_call, whoever sends them', async () => {
  const [appointment, verify, sms] = flows()
  verify!.interface = { inputs: [{ name: 'phone', required: true }], outputs: [] }
  const res = await fetch(`${url}/flows/flw_appointment/versions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ document: appointment, dependencies: [verify, sms] }),
  })
  expect(res.status).toBe(422)
  const body = (await res.json()) as { error: { code: string; message: string } }
  expect(body.error.code).toBe('invalid_call')
  expect(body.error.message).toMatch(/nothing for its required input 'phone'/)
  expect(expectOk(await server.backend.call('publish.versions', { flowId: 'flw_appointment' }))).toEqual([])
})
