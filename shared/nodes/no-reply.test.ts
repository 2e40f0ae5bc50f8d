// "No reply within" on every node that waits for the customer: the `timeout` port exists only while it is set,
// the reply takes the usual path before the time, a wake takes `timeout` after it, a refused answer keeps the
// deadline of the first ask, and a document written before the option reads and runs as it did.
import { describe, expect, it } from 'vitest'
import { ASHA, buildFlow, testDeps } from '../engine/testing/fixtures'
import { handleEvent, wakeRun } from '../engine/core'
import { dueAt } from '../engine/machine'
import type { FlowDocument } from '../flow/document'
import type { InboundEvent, RunState } from '../engine/types'
import { portsOf, problemsOf } from '../analysis/testing/node'

const HOUR = 3_600_000
const WAITERS = {
  question: { prompt: 'Rate us 1–5', saveTo: 'rating', answerType: 'number', min: 1, max: 5 },
  interactive_message: { body: 'Happy?', buttons: [{ id: 'yes', title: 'Yes' }] },
  chat_flow: { flowId: 'f1', body: 'Fill this in', screens: [{ id: 'FORM', title: 'Form', fields: [] }] },
  spm: { catalogId: 'c1', productId: 'p1' },
  mpm: { catalogId: 'c1', header: 'Teas', body: 'Pick', sections: [{ title: 'A', productIds: ['p1'] }] },
  template_message: { templateName: 'hello', language: 'en' },
} as const
type Waiter = keyof typeof WAITERS

describe('the timeout port', () => {
  it.each(Object.keys(WAITERS) as Waiter[])('%s has it only while "no reply within" is set', (type) => {
    expect(portsOf(type, WAITERS[type])).not.toContain('timeout')
    expect(portsOf(type, { ...WAITERS[type], noReplyWithin: '4h' })).toContain('timeout')
  })

  it.each(Object.keys(WAITERS) as Waiter[])('%s refuses a duration it cannot read or out of range', (type) => {
    expect(problemsOf(type, { ...WAITERS[type], noReplyWithin: 'soon' })).toContain('config.duration /noReplyWithin')
    expect(problemsOf(type, { ...WAITERS[type], noReplyWithin: '40d' })).toContain('config.range /noReplyWithin')
    expect(problemsOf(type, { ...WAITERS[type], noReplyWithin: '4h' })).not.toContain('config.range /noReplyWithin')
  })

  it('a button may not be called timeout while the option is set', () => {
    const config = { body: 'Hi', buttons: [{ id: 'timeout', title: 'Later' }], noReplyWithin: '1h' }
    expect(problemsOf('interactive_message', config)).toContain('config.port_clash /noReplyWithin')
  })
})

const catalogue = { product: async () => ({ name: 'Tea' }) }
const hello = { name: 'hello', language: 'en', category: 'UTILITY', header: { type: 'none' }, body: 'Hi', buttons: [] }
const templates = { get: async () => hello }

function flowOf(type: Waiter, noReplyWithin: string): FlowDocument {
  const answerPort = type === 'interactive_message' ? 'yes' : 'out'
  return buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['go'] } },
      { type, name: 'ask', config: { ...WAITERS[type], noReplyWithin } },
      { type: 'message', name: 'thanks', config: { text: 'Thanks' } },
      { type: 'message', name: 'remind', config: { text: 'Still there?' } },
    ],
    [
      ['trigger_1', 'out', 'ask'],
      ['ask', answerPort, 'thanks'],
      ['ask', 'timeout', 'remind'],
    ],
  )
}

const REPLIES: Record<Waiter, InboundEvent> = {
  question: { type: 'text', text: '4' },
  interactive_message: { type: 'button_reply', reply: { id: 'yes', title: 'Yes' } },
  chat_flow: { type: 'nfm_reply', response: {} },
  spm: { type: 'order', order: { catalog_id: 'c1', product_items: [] } },
  mpm: { type: 'order', order: { catalog_id: 'c1', product_items: [] } },
  template_message: { type: 'text', text: 'Fine, thanks' },
}

async function begin(type: Waiter, noReplyWithin = '2h') {
  const d = testDeps({ effects: { catalogue, templates } })
  const flow = flowOf(type, noReplyWithin)
  const t0 = d.deps.effects.clock.now()
  const h = await handleEvent(
    {
      contact: ASHA,
      current: null,
      flows: [flow],
      event: { kind: 'message', message: { type: 'text', text: 'go' } },
      now: t0,
    },
    d.deps,
  )
  return { ...d, flow, t0, state: h.ran!.step.state }
}

const said = (h: { steps: Array<{ step: { messages: Array<{ type: string; text?: { body: string } }> } }> }) =>
  h.steps.flatMap((s) => s.step.messages.map((m) => m.text?.body ?? m.type))

describe('no reply within, through the core', () => {
  it.each(Object.keys(WAITERS) as Waiter[])('%s: a reply before the time takes its usual path', async (type) => {
    const r = await begin(type)
    expect(dueAt(r.state)).toBe(r.t0 + 2 * HOUR)
    r.advance(2 * HOUR - 1)
    const h = await handleEvent(
      {
        contact: ASHA,
        current: { state: r.state, flow: r.flow },
        flows: [r.flow],
        event: { kind: 'message', message: REPLIES[type] },
        now: r.t0 + 2 * HOUR - 1,
      },
      r.deps,
    )
    expect(said(h)).toEqual(['Thanks'])
  })

  it.each(Object.keys(WAITERS) as Waiter[])('%s: no reply, and the wake takes `timeout`', async (type) => {
    const r = await begin(type)
    r.advance(2 * HOUR)
    const h = await wakeRun({ contact: ASHA, current: { state: r.state, flow: r.flow }, now: r.t0 + 2 * HOUR }, r.deps)
    expect(h.ran!.step.trace[0]).toMatchObject({ nodeName: 'ask', port: 'timeout' })
    expect(said(h)).toEqual(['Still there?'])
  })

  it.each(Object.keys(WAITERS) as Waiter[])('%s: without the option it waits as before, on no time', async (type) => {
    const r = await begin(type, '')
    expect(dueAt(r.state)).toBeNull()
    // Products and templates go straight on, as before.
    if (type === 'spm' || type === 'mpm' || type === 'template_message') expect(r.state.status).toBe('ended')
  })

  it('a refused answer keeps the deadline of the first ask', async () => {
    const r = await begin('question')
    r.advance(HOUR)
    const refused = await handleEvent(
      {
        contact: ASHA,
        current: { state: r.state, flow: r.flow },
        flows: [r.flow],
        event: { kind: 'message', message: { type: 'text', text: 'nine' } },
        now: r.t0 + HOUR,
      },
      r.deps,
    )
    const state: RunState = refused.ran!.step.state
    expect(state.status).toBe('paused')
    expect(dueAt(state)).toBe(r.t0 + 2 * HOUR)
  })
})
