// The conversation core carried out: the writes come back in commit order, the customer's message time is
// reported, and every triggering message gets a {{chat_message_id}}.
import { describe, expect, it } from 'vitest'
import { ASHA, buildFlow, testDeps } from '../testing/fixtures'
import { WINDOW_MS } from '../limits'
import { handleEvent, LOCAL_MESSAGE_ID_PREFIX, sweepRun } from './handle'
import { flowsFrom } from '../flow-source'
import { callable, shop, verify } from '../testing/calls'

const ask = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['hi'] } },
    { type: 'question', name: 'q', config: { prompt: 'Name? ({{chat_message_id}})', saveTo: 'name' } },
  ],
  [['trigger_1', 'out', 'q']],
  { id: 'f_ask' },
)
const hook = buildFlow([{ type: 'trigger', name: 'trigger_1', config: { kind: 'webhook' } }], [], { id: 'f_hook' })

describe('handleEvent', () => {
  it('starts from a message, stamping a message id the flow can read, and reports when the customer wrote', async () => {
    const { deps } = testDeps()
    const now = deps.effects.clock.now()
    const h = await handleEvent(
      {
        contact: ASHA,
        current: null,
        flows: [ask],
        event: { kind: 'message', message: { type: 'text', text: 'hi' } },
        now,
      },
      deps,
    )
    expect(h.action).toBe('started')
    const id = h.ran!.step.state.vars.chat_message_id as string
    expect(id.startsWith(LOCAL_MESSAGE_ID_PREFIX)).toBe(true)
    expect(h.ran!.step.inbound?.id).toBe(id)
    expect(h.ran!.step.messages).toEqual([{ type: 'text', text: { body: `Name? (${id})` } }])
    expect(h.inboundAt).toBe(now)
  })

  it("keeps the channel's id when the message has one, and gives a webhook request one", async () => {
    const { deps } = testDeps()
    const now = deps.effects.clock.now()
    const m = await handleEvent(
      {
        contact: ASHA,
        current: null,
        flows: [ask],
        event: { kind: 'message', message: { type: 'text', text: 'hi', id: 'wamid.X1' } },
        now,
      },
      deps,
    )
    expect(m.ran!.step.state.vars.chat_message_id).toBe('wamid.X1')
    const trigger = { kind: 'webhook' as const, phone_number: ASHA.phone, data: {} }
    const w = await handleEvent(
      { contact: ASHA, current: null, flows: [], event: { kind: 'start', flow: hook, trigger }, now },
      deps,
    )
    expect(w.ran!.step.state.vars.chat_message_id).toMatch(/^wamid\.local_/)
    expect(w.inboundAt).toBeNull()
    const given = await handleEvent(
      {
        contact: ASHA,
        current: null,
        flows: [],
        event: { kind: 'start', flow: hook, trigger: { ...trigger, message_id: 'req-7' } },
        now,
      },
      deps,
    )
    expect(given.ran!.step.state.vars.chat_message_id).toBe('req-7')
  })

  it("a tester's start with a customer message counts as the customer writing", async () => {
    const { deps } = testDeps()
    const now = deps.effects.clock.now()
    const event = { kind: 'start' as const, flow: ask, trigger: { message: { type: 'text' as const, text: 'hi' } } }
    const h = await handleEvent({ contact: ASHA, current: null, flows: [], event, now }, deps)
    expect(h.action).toBe('started')
    expect(h.inboundAt).toBe(now)
  })

  it('returns the superseded run before the new step, to be committed together', async () => {
    const { deps } = testDeps()
    const now = deps.effects.clock.now()
    const first = await handleEvent(
      {
        contact: ASHA,
        current: null,
        flows: [ask],
        event: { kind: 'message', message: { type: 'text', text: 'hi' } },
        now,
      },
      deps,
    )
    const paused = { state: first.ran!.step.state, flow: ask }
    const again = await handleEvent(
      {
        contact: ASHA,
        current: paused,
        flows: [ask],
        event: { kind: 'start', flow: hook, trigger: { kind: 'manual' } },
        now,
      },
      deps,
    )
    expect(again.steps.map((s) => [s.step.state.id, s.step.state.status, s.step.state.endReason])).toEqual([
      [paused.state.id, 'ended', 'superseded'],
      [again.ran!.step.state.id, 'ended', 'completed'],
    ])
  })

  it("a webhook's button_id answers the paused buttons of its flow as a tap would, without reopening the window", async () => {
    const menu = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'webhook' } },
        {
          type: 'interactive_message',
          name: 'pick',
          config: { body: 'Confirm?', buttons: [{ id: 'yes', title: 'Yes {{customer_name}}' }] },
        },
        {
          type: 'message',
          name: 'done',
          config: { text: 'Confirmed by {{_last_button_text}} ({{button_id}}, {{pick.id}})' },
        },
      ],
      [
        ['trigger_1', 'out', 'pick'],
        ['pick', 'yes', 'done'],
      ],
      { id: 'f_confirm' },
    )
    const { deps } = testDeps()
    const now = deps.effects.clock.now()
    const hook = (button_id?: string) => ({
      kind: 'start' as const,
      flow: menu,
      trigger: { kind: 'webhook' as const, phone_number: ASHA.phone, data: {}, button_id },
    })
    const first = await handleEvent({ contact: ASHA, current: null, flows: [], event: hook(), now }, deps)
    expect(first.ran!.step.state.status).toBe('paused')
    const paused = first.ran!.step.state
    const later = now + 60_000
    const click = await handleEvent(
      { contact: ASHA, current: { state: paused, flow: menu }, flows: [], event: hook('yes'), now: later },
      deps,
    )
    expect(click.action).toBe('resumed')
    expect(click.steps).toHaveLength(1)
    expect(click.ran!.step.state).toMatchObject({ id: paused.id, status: 'ended', lastInboundAt: paused.lastInboundAt })
    expect(click.ran!.step.messages).toEqual([
      { type: 'text', text: { body: `Confirmed by Yes ${ASHA.name} (yes, yes)` } },
    ])
    expect(click.ran!.step.inbound).toMatchObject({ type: 'button_reply', reply: { id: 'yes' } })
    expect(click.inboundAt).toBeNull()
  })

  it('sweeps synchronously: an expired run is closed, a live one left alone', async () => {
    const { deps } = testDeps()
    const now = deps.effects.clock.now()
    const first = await handleEvent(
      {
        contact: ASHA,
        current: null,
        flows: [ask],
        event: { kind: 'message', message: { type: 'text', text: 'hi' } },
        now,
      },
      deps,
    )
    const current = { state: first.ran!.step.state, flow: null }
    expect(sweepRun({ contact: ASHA, current, now: now + 1000 }, deps.catalog)).toMatchObject({
      action: 'ignored',
      steps: [],
    })
    const swept = sweepRun({ contact: ASHA, current, now: now + WINDOW_MS }, deps.catalog)
    expect(swept.action).toBe('closed')
    expect(swept.steps[0]!.step.state).toMatchObject({
      status: 'ended',
      endReason: 'expired',
      endedAt: now + WINDOW_MS,
    })
  })

  describe('a run inside a call', () => {
    const started = async (deps: ReturnType<typeof testDeps>['deps']) => {
      const now = deps.effects.clock.now()
      const trigger = { message: { type: 'text' as const, text: 'shop' } }
      const h = await handleEvent(
        { contact: ASHA, current: null, flows: [], event: { kind: 'start', flow: shop, trigger }, now },
        deps,
      )
      return { now, state: h.ran!.step.state }
    }

    it("finds the callee through the flow source and resumes there: the host gives only the run's own flow", async () => {
      const { deps } = testDeps()
      deps.flows = flowsFrom([verify])
      const { now, state } = await started(deps)
      expect(state.calls?.map((c) => c.flowId)).toEqual(['f_verify'])
      const h = await handleEvent(
        {
          contact: ASHA,
          current: { state, flow: shop },
          flows: [shop, ask],
          event: { kind: 'message', message: { type: 'text', text: 'hi' } },
          now: now + 1000,
        },
        deps,
      )
      // "hi" is a keyword of f_ask, but the callee's Question takes any text as its answer.
      expect(h.action).toBe('resumed')
      expect(h.ran!.flow.id).toBe('f_shop')
      expect(h.ran!.step.messages).toEqual([{ type: 'text', text: { body: 'Got hi for +919800000001 ()' } }])
    })

    it('a reply after the callee\'s "no reply within": its wake runs first in the callee, then the reply is decided against what it left', async () => {
      // The callee asks, and after 1 h without a reply asks again (a reminder Question), still inside the call.
      const patient = callable(
        [
          { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
          { type: 'question', name: 'ask', config: { prompt: 'Code?', saveTo: 'code', noReplyWithin: '1h' } },
          { type: 'question', name: 'again', config: { prompt: 'Still there?', saveTo: 'code' } },
          { type: 'end', name: 'end_ok', config: { returns: { code: '{{code}}', phone: '{{phone}}' } } },
        ],
        [
          ['trigger_1', 'out', 'ask'],
          ['ask', 'timeout', 'again'],
          ['ask', 'out', 'end_ok'],
          ['again', 'out', 'end_ok'],
        ],
        { id: 'f_verify' },
        { inputs: [{ name: 'phone', required: true }], outputs: [{ name: 'code' }, { name: 'phone' }] },
      )
      const { deps } = testDeps()
      deps.flows = flowsFrom([patient])
      const { now, state } = await started(deps)
      const h = await handleEvent(
        {
          contact: ASHA,
          current: { state, flow: shop },
          flows: [],
          event: { kind: 'message', message: { type: 'text', text: '42' } },
          now: now + 3_600_000,
        },
        deps,
      )
      expect(h.steps.map((w) => w.step.messages.map((m) => (m.type === 'text' ? m.text.body : m.type)))).toEqual([
        ['Still there?'],
        ['Got 42 for +919800000001 ()'],
      ])
      expect(h.steps[0]!.step.trace.map((e) => [e.nodeName, e.flowId])).toEqual([
        ['ask', 'f_verify'],
        ['again', 'f_verify'],
      ])
    })

    it('a paused run whose called flow is gone is closed as superseded, and the message is handled afresh', async () => {
      const { deps } = testDeps()
      deps.flows = flowsFrom([verify])
      const { now, state } = await started(deps)
      deps.flows = flowsFrom([])
      const h = await handleEvent(
        {
          contact: ASHA,
          current: { state, flow: shop },
          flows: [ask],
          event: { kind: 'message', message: { type: 'text', text: 'hi' } },
          now: now + 1000,
        },
        deps,
      )
      expect(h.action).toBe('started')
      expect(h.steps.map((w) => [w.step.state.id, w.step.state.endReason ?? w.step.state.status])).toEqual([
        [state.id, 'superseded'],
        [h.ran!.step.state.id, 'paused'],
      ])
      expect(h.steps[0]!.step.state.calls).toBeUndefined()
    })
  })
})
