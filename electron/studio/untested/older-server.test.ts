import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import type { TrafficReport } from '../../../shared/api/commands/traffic'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'

// A production server older than GET /traffic/runs (it answers the traffic but not which runs took a connection):
// untested traffic says so and what to do, instead of listing branches with no run to save. The server is a real
// HTTP listener on loopback answering as such a server does.

let temp: TempBackend | undefined
let server: http.Server | undefined
afterEach(async () => {
  await temp?.cleanup()
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
})

it('says a server without the runs of a connection must be updated', async () => {
  temp = createTempBackend()
  const api = temp.backend
  const created = expectOk(await api.call('flows.create', { name: 'Hi' }))
  const doc = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
      { type: 'message', name: 'hello', config: { text: 'Hello' } },
    ],
    [['trigger_1', 'out', 'hello']],
    { id: created.id, name: 'Hi' },
  )
  expectOk(await api.call('flows.save', { document: doc, expectedRevision: created.revision }))
  const report: TrafficReport = {
    flowId: created.id,
    from: '2026-01-01',
    to: '2026-01-01',
    version: null,
    versions: [1],
    runs: { started: 4, ended: 4, failed: 0, expired: 0, abandoned: 0, waiting: 0, turns: 0, turnsPerRun: 0 },
    nodes: [],
    edges: [{ from: 'n_trigger_1', port: 'out', to: 'n_hello', runs: 4, share: 1 }],
  }
  server = http.createServer((req, res) => {
    const known = req.url?.startsWith(`/api/v1/flows/${created.id}/traffic?`)
    res.writeHead(known ? 200 : 404, { 'content-type': 'application/json' })
    res.end(
      JSON.stringify(
        known ? report : { error: { code: 'not_found', message: 'No such endpoint; see docs/publish-api.md.' } },
      ),
    )
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`
  const saved = expectOk(
    await api.call('publish.servers.save', { name: 'Old', baseUrl: url, key: 'pk_old_0123456789abcdef' }),
  )
  const r = await api.call('tests.untestedTraffic', {
    serverId: saved.id,
    flowId: created.id,
    from: '2026-01-01',
    to: '2026-01-01',
  })
  expect(r).toMatchObject({ ok: false, error: { code: 'unavailable' } })
  expect(!r.ok && r.error.message).toBe(
    '"Old" answered 404: No such endpoint; see docs/publish-api.md. The server does not say which runs took a connection (GET /api/v1/flows/{id}/traffic/runs): update its chatflow serve to find untested traffic there.',
  )
})
