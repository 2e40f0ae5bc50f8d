// The emulator's "enforce the 24-hour window and opt-out" switch: off, the bot always sends (a fresh test phone has
// no history); on, the production rules apply and "+24 h" makes them visible.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'

let temp: TempBackend
let now: number
beforeEach(() => {
  now = Date.UTC(2026, 0, 1, 9)
  temp = createTempBackend({ now: () => now })
})
afterEach(() => temp.cleanup())

const flow = (id: string) =>
  buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['hi'] } },
      { type: 'trigger', name: 'trigger_2', config: { kind: 'manual' } },
      { type: 'message', name: 'hello', config: { text: 'Hello!' } },
      {
        type: 'template_message',
        name: 'promo',
        config: { templateName: 'promo_note', language: 'en', category: 'UTILITY', bodyParams: [] },
      },
    ],
    [
      ['trigger_1', 'out', 'hello'],
      ['trigger_2', 'out', 'promo'],
    ],
    { id, name: 'Window', active: true },
  )

async function setup() {
  const api = temp.backend
  expectOk(
    await api.call('integrations.saveTemplate', {
      template: {
        name: 'promo_note',
        language: 'en',
        category: 'UTILITY',
        header: { type: 'none' },
        body: 'Your order shipped.',
        buttons: [],
      },
    }),
  )
  const created = expectOk(await api.call('flows.create', { name: 'Window' }))
  expectOk(await api.call('flows.save', { document: flow(created.id) }))
  return { flowId: created.id, contactId: expectOk(await api.call('emulator.contact', {})).id }
}

describe('enforcing the 24-hour window in the emulator', () => {
  it('off by default: a free-form message goes out even to a contact outside the window', async () => {
    const t = await setup()
    const r = expectOk(
      await temp.backend.call('emulator.start', {
        ...t,
        trigger: { kind: 'manual', data: {} },
        triggerNodeId: 'n_trigger_1',
      }),
    )
    expect(r.session.run).toMatchObject({ status: 'ended', error: null })
  })

  it('on: inside the window free-form goes; after skipping 24 h it is refused while a template still goes', async () => {
    const t = await setup()
    const api = temp.backend
    const inside = expectOk(
      await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'hi' }, enforceWindow: true }),
    )
    expect(inside.session.run).toMatchObject({ status: 'ended', error: null })
    expect(JSON.stringify(inside.session.messages.at(-1)!.payload)).toContain('Hello!')

    expectOk(await api.call('emulator.skip', { ...t, to: { kind: 'by', ms: 24 * 3_600_000 } }))
    const blocked = expectOk(
      await api.call('emulator.start', {
        ...t,
        trigger: { kind: 'manual', data: {} },
        triggerNodeId: 'n_trigger_1',
        enforceWindow: true,
      }),
    )
    expect(blocked.session.run!.status).toBe('failed')
    expect(blocked.session.run!.error!.code).toBe('outside_window')
    expect(blocked.session.messages.filter((m) => m.direction === 'out')).toEqual([])

    const template = expectOk(
      await api.call('emulator.start', {
        ...t,
        trigger: { kind: 'manual', data: {} },
        triggerNodeId: 'n_trigger_2',
        enforceWindow: true,
      }),
    )
    expect(template.session.run).toMatchObject({ status: 'ended', error: null })
    expect(template.session.messages.at(-1)!.type).toBe('template')
  })
})
