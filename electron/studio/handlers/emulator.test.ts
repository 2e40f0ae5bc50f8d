import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import type { FlowDocument } from '../../../shared/flow/document'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'
import type { Backend } from '../backend'

let temp: TempBackend
let api: Backend
let now: number

beforeEach(() => {
  now = Date.UTC(2026, 0, 1, 9)
  temp = createTempBackend({ now: () => now })
  api = temp.backend
})
afterEach(() => temp.cleanup())

function menuFlow(id: string, active: boolean): FlowDocument {
  return buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['menu'] } },
      {
        type: 'interactive_message',
        name: 'pick',
        config: {
          body: 'Hi *{{customer_name}}*',
          buttons: [
            { id: 'a', title: 'Alpha' },
            { id: 'b', title: 'Beta' },
          ],
        },
      },
      { type: 'question', name: 'ask', config: { prompt: 'Name?', saveTo: 'name' } },
      { type: 'message', name: 'bye', config: { text: 'Bye {{name}} ({{button_id}})' } },
    ],
    [
      ['trigger_1', 'out', 'pick'],
      ['pick', 'a', 'ask'],
      ['pick', 'b', 'bye'],
      ['ask', 'out', 'bye'],
    ],
    { id, name: 'Menu', active },
  )
}

async function setup(active = false) {
  const created = expectOk(await api.call('flows.create', { name: 'Menu' }))
  expectOk(await api.call('flows.save', { document: menuFlow(created.id, active), expectedRevision: created.revision }))
  const contact = expectOk(await api.call('emulator.contact', {}))
  return { flowId: created.id, contactId: contact.id }
}

const bodies = (messages: Array<{ direction: string; payload: unknown }>) =>
  messages.map((m) => `${m.direction}:${JSON.stringify(m.payload)}`)

describe('emulator commands over the real engine and SQLite', () => {
  it('does not start an inactive flow from its keyword and says why; starts it once active', async () => {
    const t = await setup(false)
    const refused = expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'Menu' } }))
    expect(refused.action).toBe('ignored')
    expect(refused.notice).toMatch(/inactive/)
    expect(refused.session.run).toBeNull()

    expectOk(await api.call('flows.setActive', { id: t.flowId, active: true }))
    const started = expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'Menu' } }))
    expect(started.action).toBe('started')
    expect(started.session.run).toMatchObject({ status: 'paused', waitingNodeId: 'n_pick', triggerKind: 'keyword' })
    expect(started.session.messages.map((m) => [m.direction, m.type])).toEqual([
      ['in', 'text'],
      ['out', 'interactive'],
    ])
    expect(JSON.stringify(started.session.messages[1]!.payload)).toContain('Hi *Test Customer*')

    // "Start test" is a start of this flow, never an answer to the paused run: a text that is none of its keywords
    // starts nothing and says which keywords would (the phone's chat box is where the customer answers).
    const wrong = expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'hello' } }))
    expect(wrong.action).toBe('ignored')
    expect(wrong.notice).toMatch(/matches no keyword of this flow/)
    expect(wrong.session.run).toMatchObject({ status: 'paused', waitingNodeId: 'n_pick' })
  })

  it('walks a conversation by tapping and typing, with trace and variables', async () => {
    const t = await setup(true)
    expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'manual' } }))
    const tap = expectOk(
      await api.call('emulator.send', { ...t, event: { type: 'button_reply', reply: { id: 'a', title: 'Alpha' } } }),
    )
    expect(tap.session.run).toMatchObject({ status: 'paused', waitingNodeId: 'n_ask' })
    expect(tap.session.run!.vars).toMatchObject({ button_id: 'a', customer_name: 'Test Customer' })
    const typed = expectOk(await api.call('emulator.send', { ...t, event: { type: 'text', text: 'Meera' } }))
    expect(typed.session.run).toMatchObject({ status: 'ended', endReason: 'completed', vars: { name: 'Meera' } })
    expect(bodies(typed.session.messages).at(-1)).toBe('out:{"type":"text","text":{"body":"Bye Meera (a)"}}')
    expect(typed.session.trace.map((e) => [e.nodeName, e.phase, e.port])).toEqual([
      ['trigger_1', 'run', 'out'],
      ['pick', 'run', null],
      ['pick', 'resume', 'a'],
      ['ask', 'run', null],
      ['ask', 'resume', 'out'],
      ['bye', 'run', 'out'],
    ])
  })

  it('edits variables between turns, restarts, and skips 24 hours ahead (the window closes)', async () => {
    const t = await setup(true)
    expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'manual' } }))
    expectOk(
      await api.call('emulator.send', { ...t, event: { type: 'button_reply', reply: { id: 'a', title: 'Alpha' } } }),
    )
    const edited = expectOk(await api.call('emulator.setVariables', { ...t, set: { button_id: 'zz' } }))
    expect(edited.run!.vars.button_id).toBe('zz')
    const done = expectOk(await api.call('emulator.send', { ...t, event: { type: 'text', text: 'Ravi' } }))
    expect(bodies(done.session.messages).at(-1)).toContain('Bye Ravi (zz)')
    const ended = await api.call('emulator.setVariables', { ...t, set: { x: 1 } })
    expect(!ended.ok && ended.error.code).toBe('run_not_paused')

    const second = expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'manual' } }))
    const restarted = expectOk(await api.call('emulator.restart', t))
    expect(restarted.run).toMatchObject({ id: second.session.run!.id, status: 'ended', endReason: 'superseded' })

    const third = expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'menu' } }))
    // Skipping 24 hours on the emulator's clock closes the customer's window: the waiting run expires then.
    const passed = expectOk(await api.call('emulator.skip', { ...t, to: { kind: 'by', ms: 24 * 3600 * 1000 } }))
    expect(passed.session.run).toMatchObject({ id: third.session.run!.id, status: 'ended', endReason: 'expired' })
    expect(passed.session.clockOffsetMs).toBe(24 * 3600 * 1000)
    expect(passed.notice).toMatch(/24-hour window closed/)
    const late = expectOk(
      await api.call('emulator.send', { ...t, event: { type: 'button_reply', reply: { id: 'b', title: 'Beta' } } }),
    )
    expect(late.action).toBe('ignored')
  })

  it('blocks manual and webhook starts to an opted-out contact, and makes fresh contacts', async () => {
    const t = await setup(true)
    const c = expectOk(
      await api.call('emulator.updateContact', { contactId: t.contactId, optedIn: false, name: 'Asha' }),
    )
    expect(c).toMatchObject({ optedIn: false, name: 'Asha' })
    const blocked = expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'webhook', data: { a: 1 } } }))
    expect(blocked).toMatchObject({ action: 'ignored', session: { run: null } })
    expect(blocked.notice).toMatch(/opted out/)
    const fresh = expectOk(await api.call('emulator.newContact', {}))
    const other = expectOk(await api.call('emulator.newContact', {}))
    expect(fresh.phone).not.toBe(other.phone)
    expect(fresh.id).not.toBe(t.contactId)
    const hook = expectOk(
      await api.call('emulator.start', {
        flowId: t.flowId,
        contactId: fresh.id,
        trigger: { kind: 'webhook', data: { a: 1 } },
      }),
    )
    expect(hook.session.run!.vars.trigger_1).toMatchObject({
      kind: 'webhook',
      phone_number: fresh.phone,
      data: { a: 1 },
    })
  })

  it('reports a button payload the trigger does not accept', async () => {
    const created = expectOk(await api.call('flows.create', { name: 'Orders' }))
    const flow = buildFlow(
      [
        {
          type: 'trigger',
          name: 'trigger_1',
          config: { kind: 'button_click', payloadPrefix: 'order_', targetVariable: 'order_id' },
        },
        { type: 'message', name: 'm', config: { text: 'Order {{order_id}}' } },
      ],
      [['trigger_1', 'out', 'm']],
      { id: created.id, name: 'Orders' },
    )
    expectOk(await api.call('flows.save', { document: flow }))
    const { id: contactId } = expectOk(await api.call('emulator.contact', {}))
    const t = { flowId: created.id, contactId }
    const no = expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'button_click', payload: 'x_1' } }))
    expect(no.notice).toMatch(/"order_"/)
    const yes = expectOk(
      await api.call('emulator.start', { ...t, trigger: { kind: 'button_click', payload: 'order_42', text: 'Track' } }),
    )
    expect(bodies(yes.session.messages)).toContain('out:{"type":"text","text":{"body":"Order 42"}}')
  })
})

describe('HTTP Calls from the sample or failing, per test', () => {
  it('order status: the sample answers through the node (save-as runs), a failure takes the failure branch', async () => {
    const fs = await import('node:fs')
    const { mocksFor } = await import('../../../renderer/emulator/mocks')
    const doc = JSON.parse(
      fs.readFileSync(new URL('../../../resources/examples/order-status.flow.json', import.meta.url), 'utf8'),
    ) as FlowDocument
    const created = expectOk(await api.call('flows.create', { name: doc.name }))
    expectOk(await api.call('flows.save', { document: { ...doc, id: created.id } }))
    const t = { flowId: created.id, contactId: expectOk(await api.call('emulator.contact', {})).id }
    const last = (s: { messages: Array<{ payload: unknown }> }) => JSON.stringify(s.messages.at(-1)!.payload)

    expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'order' } }))
    const found = expectOk(
      await api.call('emulator.send', {
        ...t,
        event: { type: 'text', text: '104823' },
        mocks: mocksFor(doc, { order_lookup: 'sample' }) as never,
      }),
    )
    expect(last(found.session)).toContain('Order *104823* is shipped')
    expect(last(found.session)).toContain('Carrier: DHL Express')
    expect(found.session.trace.find((e) => e.nodeName === 'order_lookup')!.port).toBe('success')

    expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'order' } }))
    const down = expectOk(
      await api.call('emulator.send', {
        ...t,
        event: { type: 'text', text: '104823' },
        mocks: mocksFor(doc, { order_lookup: 'fail' }) as never,
      }),
    )
    expect(last(down.session)).toContain("Sorry, we couldn't find order 104823")
    expect(down.session.trace.find((e) => e.nodeName === 'order_lookup')).toMatchObject({ port: 'failure' })
  })
})
