// Issue 37: the studio drives a production server's takeovers through the publish API (handovers.* with a serverId,
// the server's saved, encrypted key). A customer's keyword reaches a Hand over node on the runtime; the studio lists
// the conversation with a person, the customer's next keyword is kept (not routed), the person replies from the studio
// through the Cloud API adapter to the fake Cloud API, hands back with variables, and the run continues on
// `returned`. The studio also takes over a number itself, and the server's refusals arrive as clear messages.
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { FlowDocument } from '../../shared/flow/document'
import type { Runtime } from '../runtime/runtime'
import type { RuntimeServer } from '../runtime/server'
import type { FakeCloudApi } from '../runtime/testing/fake-cloud-api'
import { text } from '../runtime/testing/runtime-fixtures'
import { describeEachStore } from '../runtime/testing/stores'
import { expectOk, type TempBackend } from '../studio/testing/backend'
import { startStudioAndRuntime } from './testing/studio-and-runtime'

const KEY = 'k_takeover_0123456789abcdef'
const T0 = Date.UTC(2026, 10, 29, 9, 0)

const node = (id: string, type: string, name: string, config: Record<string, unknown>, x: number) => ({
  id,
  type,
  typeVersion: 1,
  name,
  position: { x, y: 0 },
  config,
})
/** "agent" → Hand over → returned → a message with the variable the person set. */
const flow = {
  format: 'chatflow.flow/1',
  id: 'flw_support',
  name: 'Support',
  active: true,
  samples: {},
  webhookSecretRef: null,
  nodes: [
    node('n_trigger', 'trigger', 'trigger_1', { kind: 'keyword', keywords: ['agent'], matchMode: 'exact' }, 0),
    node('n_hand', 'hand_over', 'hand_over_1', { message: 'Connecting you to a person.', note: 'refund' }, 300),
    node('n_back', 'message', 'welcome_back', { text: 'Welcome back! Resolved: {{resolved}}.' }, 600),
  ],
  edges: [
    { id: 'e_1', source: 'n_trigger', sourcePort: 'out', target: 'n_hand' },
    { id: 'e_2', source: 'n_hand', sourcePort: 'returned', target: 'n_back' },
  ],
} as unknown as FlowDocument

describeEachStore('a studio drives a runtime takeover', (c) => {
  let t: number
  let fake: FakeCloudApi
  let runtime: Runtime
  let server: RuntimeServer
  let studio: TempBackend
  let close: () => Promise<void>

  beforeEach(async () => {
    t = T0
    const { store } = await c.open()
    await store.publish(flow)
    ;({ fake, runtime, server, studio, close } = await startStudioAndRuntime(store, { publishKey: KEY, now: () => t }))
  })
  afterEach(() => close())

  /** What the fake Cloud API received for a number, as texts. */
  const texts = (phone: string) =>
    fake.to(phone.slice(1)).map((s) => (s.body as { text?: { body: string } }).text?.body ?? s.body.type)

  it('lists, replies to and hands back a Hand over conversation on the server', async () => {
    const api = studio.backend
    const srv = expectOk(
      await api.call('publish.servers.save', { name: 'Production', baseUrl: server.publishUrl!, key: KEY }),
    )
    const target = { serverId: srv.id }
    expect(expectOk(await api.call('handovers.list', { target })).handovers).toEqual([])

    const phone = '+447700900101'
    const started = await runtime.inbound(text(phone, 'agent'))
    expect(started).toMatchObject({ action: 'started', state: 'paused' })
    await runtime.idle()
    const [open, ...more] = expectOk(await api.call('handovers.list', { target })).handovers
    expect(more).toEqual([])
    expect(open).toMatchObject({
      by: 'node',
      runId: started.runId,
      note: 'refund',
      contactId: phone,
      contactPhone: phone,
      since: T0,
    })
    // The studio's own contacts know nothing of it.
    expect(expectOk(await api.call('handovers.list', {})).handovers).toEqual([])

    // The customer's keyword is kept for the person, not routed: no new run, nothing sent.
    t += 60_000
    expect(await runtime.inbound(text(phone, 'agent'))).toMatchObject({ action: 'ignored', runId: null })
    expect((await runtime.store.runsOfContact(started.contactId!)).map((r) => r.id)).toEqual([started.runId])

    const reply = expectOk(await api.call('handovers.reply', { target, contactId: phone, text: 'Refund done.' }))
    expect(reply.message).toMatchObject({ direction: 'out', message: { type: 'text', text: { body: 'Refund done.' } } })
    await runtime.idle()
    const transcript = expectOk(await api.call('handovers.transcript', { target, id: open!.id }))
    expect(transcript.handover).toMatchObject({ id: open!.id, contactPhone: phone })
    expect(transcript.messages.map((m) => m.direction)).toEqual(['in', 'out'])
    expect(transcript.messages[0]!.message).toMatchObject({ type: 'text', text: 'agent' })

    const back = expectOk(
      await api.call('handovers.handBack', { target, contactId: phone, variables: { resolved: 'yes' } }),
    )
    expect(back).toMatchObject({
      handback: { handoverId: open!.id, by: 'api', variables: { resolved: 'yes' } },
      resumed: { runId: started.runId, port: 'returned' },
    })
    await runtime.idle()
    expect(texts(phone)).toEqual(['Connecting you to a person.', 'Refund done.', 'Welcome back! Resolved: yes.'])
    expect(expectOk(await api.call('handovers.list', { target })).handovers).toEqual([])
    const all = expectOk(await api.call('handovers.list', { target, open: false })).handovers
    expect(all).toMatchObject([{ id: open!.id, endedBy: 'api' }])
  })

  it('takes over a number from the studio, and says clearly what the server refused', async () => {
    const api = studio.backend
    const srv = expectOk(
      await api.call('publish.servers.save', { name: 'Production', baseUrl: server.publishUrl!, key: KEY }),
    )
    const target = { serverId: srv.id }
    const phone = '+447700900102'
    await runtime.inbound(text(phone, 'hello')) // the contact exists on the server (no flow matches)
    const failed = async (p: Promise<{ ok: boolean; error?: { code: string; message: string } }>) => {
      const r = await p
      expect(r.ok).toBe(false)
      return r.error!
    }

    expect(await failed(api.call('handovers.handBack', { target, contactId: phone }))).toMatchObject({
      code: 'not_with_person',
      message: expect.stringContaining('"Production" answered 409'),
    })
    // "Back to the bot at": the server is given the time, and refuses one that has passed.
    expect(await failed(api.call('handovers.start', { target, contactId: phone, until: T0 - 1 }))).toMatchObject({
      code: 'until_passed',
    })
    const until = T0 + 48 * 3_600_000
    const taken = expectOk(await api.call('handovers.start', { target, contactId: phone, note: 'VIP', until }))
    expect(taken.handover).toMatchObject({ by: 'api', note: 'VIP', runId: null, contactPhone: phone, since: T0, until })
    expect(await failed(api.call('handovers.start', { target, contactId: phone }))).toMatchObject({
      code: 'already_with_person',
    })
    // A customer who never had a run on the server gets the person's reply too (inside the window).
    const replied = expectOk(
      await api.call('handovers.reply', { target, contactId: phone, text: 'Hello, a person here' }),
    )
    expect(replied.message).toMatchObject({ direction: 'out', message: { text: { body: 'Hello, a person here' } } })
    t += 25 * 3_600_000 // past the customer's 24-hour window
    expect(await failed(api.call('handovers.reply', { target, contactId: phone, text: 'Hi' }))).toMatchObject({
      code: 'outside_window',
    })
    expect(expectOk(await api.call('handovers.handBack', { target, contactId: phone })).resumed).toBeNull()

    expectOk(
      await api.call('publish.servers.save', {
        id: srv.id,
        name: 'Production',
        baseUrl: server.publishUrl!,
        key: 'k_wrong_0123456789abcdef',
      }),
    )
    expect(await failed(api.call('handovers.list', { target }))).toMatchObject({
      code: 'unauthorized',
      message: expect.stringContaining('enter its key again'),
    })
    const gone = server.publishUrl!
    await server.close()
    expectOk(await api.call('publish.servers.save', { id: srv.id, name: 'Production', baseUrl: gone, key: KEY }))
    expect(await failed(api.call('handovers.list', { target }))).toMatchObject({
      code: 'unavailable',
      message: expect.stringContaining('cannot be reached'),
    })
    server = { close: async () => undefined } as unknown as RuntimeServer
  })
})
