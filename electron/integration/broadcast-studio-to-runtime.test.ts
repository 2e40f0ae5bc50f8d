// Issue 37: the studio drives a production server's broadcast through the publish API. The studio publishes a flow
// that starts with a template, reads a CSV (a bad row refused), dry-runs and creates the broadcast on the server
// (broadcasts.* with a serverId, the server's saved, encrypted key); the runtime starts each recipient once and sends
// through the Cloud API adapter to the fake Cloud API; the studio watches progress, and exports the results.
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { BroadcastSpecInput } from '../../shared/broadcast'
import { buildFlow } from '../../shared/engine/testing/fixtures'
import type { Runtime } from '../runtime/runtime'
import type { RuntimeServer } from '../runtime/server'
import type { FakeCloudApi } from '../runtime/testing/fake-cloud-api'
import { describeEachStore } from '../runtime/testing/stores'
import { expectOk, type TempBackend } from '../studio/testing/backend'
import { startStudioAndRuntime } from './testing/studio-and-runtime'

const KEY = 'k_broadcasts_0123456789abcdef'
const T0 = Date.UTC(2026, 10, 29, 9, 0)
const PROMO = {
  name: 'autumn_sale',
  language: 'en',
  category: 'MARKETING' as const,
  header: { type: 'none' as const, text: '' },
  body: 'Hi {{1}}, our autumn sale starts today.',
  footer: '',
  buttons: [],
}
const CSV = [
  'phone,name,var.first',
  '+447700900001,Ann,Ann',
  '+447700900002,Bob,Bob',
  '+44 7700 900002,Bob again,Bob',
  '+447700900003,Cy,Cy',
  'call me,Dee,Dee',
].join('\n')

describeEachStore('a studio drives a runtime broadcast', (c) => {
  let t: number
  let fake: FakeCloudApi
  let runtime: Runtime
  let server: RuntimeServer
  let studio: TempBackend
  let close: () => Promise<void>

  beforeEach(async () => {
    t = T0
    const { store } = await c.open()
    ;({ fake, runtime, server, studio, close } = await startStudioAndRuntime(store, { publishKey: KEY, now: () => t }))
  })
  afterEach(() => close())

  it('dry-runs, creates, runs and exports a broadcast on the server', async () => {
    const api = studio.backend
    const created = expectOk(await api.call('flows.create', {}))
    const flow = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        {
          type: 'template_message',
          name: 'promo',
          config: {
            templateName: 'autumn_sale',
            language: 'en',
            category: 'MARKETING',
            bodyParams: ['{{trigger_1.data.first}}'],
          },
        },
        { type: 'end', name: 'done' },
      ],
      [
        ['trigger_1', 'out', 'promo'],
        ['promo', 'out', 'done'],
      ],
      { id: created.id, name: 'Autumn sale' },
    )
    expectOk(await api.call('flows.save', { document: flow }))
    expectOk(await api.call('integrations.saveTemplate', { template: PROMO }))
    const srv = expectOk(
      await api.call('publish.servers.save', { name: 'Production', baseUrl: server.publishUrl!, key: KEY }),
    )
    expectOk(await api.call('publish.send', { serverId: srv.id, flowId: flow.id }))
    const target = { serverId: srv.id }

    const csv = expectOk(await api.call('broadcasts.importCsv', { text: CSV }))
    expect(csv.refused.map((r) => [r.line, r.code])).toEqual([
      [4, 'duplicate'],
      [6, 'invalid_number'],
    ])
    const spec: BroadcastSpecInput = {
      name: 'Autumn sale',
      flowId: flow.id,
      audience: { kind: 'contacts', contacts: csv.contacts },
      schedule: { kind: 'now' },
    }
    const dry = expectOk(await api.call('broadcasts.dryRun', { target, spec })).report
    expect(dry).toMatchObject({
      total: 3,
      willSend: 3,
      startsWithTemplate: true,
      cost: { MARKETING: 6, total: 6 },
      newConversations: 3,
      days: 1,
    })
    expect(fake.sends).toEqual([]) // a dry run sends nothing

    const made = expectOk(await api.call('broadcasts.create', { target, spec })).broadcast
    expect(made).toMatchObject({ status: 'scheduled', counts: { total: 3, pending: 3 } })
    expect(expectOk(await api.call('broadcasts.pause', { target, id: made.id })).broadcast.status).toBe('paused')
    expect(await runtime.broadcasts.runDue()).toBe(0) // paused: nothing starts
    expectOk(await api.call('broadcasts.resume', { target, id: made.id }))

    for (let i = 0; i < 10; i++) {
      await runtime.broadcasts.runDue()
      await runtime.idle()
      const view = expectOk(await api.call('broadcasts.get', { target, id: made.id })).broadcast
      if (view.status === 'done') break
      t += 1000
    }
    const done = expectOk(await api.call('broadcasts.get', { target, id: made.id })).broadcast
    expect(done).toMatchObject({ status: 'done', counts: { total: 3, sent: 3, cost: 6 } })
    // Once per contact at the fake Cloud API, each with its own variable.
    for (const [wa, first] of [
      ['447700900001', 'Ann'],
      ['447700900002', 'Bob'],
      ['447700900003', 'Cy'],
    ]) {
      const sends = fake.to(wa!)
      expect(sends, wa).toHaveLength(1)
      expect(JSON.stringify(sends[0]!.body)).toContain(first!)
    }
    const page = expectOk(await api.call('broadcasts.recipients', { target, id: made.id, limit: 2 }))
    expect(page.next).toBe(2)
    expect(page.recipients.map((r) => r.state)).toEqual(['sent', 'sent'])
    const results = expectOk(await api.call('broadcasts.resultsCsv', { target, id: made.id }))
    expect(results.fileName).toBe(`autumn-sale-${made.id}.csv`)
    expect(
      results.text
        .trim()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(',').slice(0, 3).join(',')),
    ).toEqual(['+447700900001,Ann,succeeded', '+447700900002,Bob,succeeded', '+447700900003,Cy,succeeded'])
    const finished = await api.call('broadcasts.cancel', { target, id: made.id })
    expect(finished.ok ? null : finished.error.code).toBe('broadcast_finished')
  })
})
