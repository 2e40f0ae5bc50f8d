import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import { replayPlan } from '../../../renderer/logs/replay'
import type { Backend } from '../backend'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'

// logs.run gives the run's trigger as the engine received it, so "Open in emulator" starts every kind of run again
// with the same data. Each case: a real run (through the webhook listener or the emulator), its logged trigger, then
// the replay plan run through the emulator commands on another contact, which must say what the logged run said.

let temp: TempBackend
let api: Backend
beforeEach(() => {
  temp = createTempBackend()
  api = temp.backend
})
afterEach(() => temp.cleanup())

async function flowWith(trigger: Record<string, unknown>, text: string) {
  const created = expectOk(await api.call('flows.create', { name: 'Replay' }))
  const doc = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: trigger },
      { type: 'question', name: 'ask', config: { prompt: `Hello ${text}. Your order?`, saveTo: 'order' } },
      { type: 'message', name: 'done', config: { text: 'Noted {{order}}' } },
    ],
    [
      ['trigger_1', 'out', 'ask'],
      ['ask', 'out', 'done'],
    ],
    { id: created.id, name: 'Replay', active: true },
  )
  expectOk(await api.call('flows.save', { document: doc, expectedRevision: created.revision }))
  return created.id
}

const bodies = (t: { messages: Array<{ direction: string; payload: unknown }> }) =>
  t.messages.map((m) => `${m.direction}:${JSON.stringify(m.payload).replace(/"id":"[^"]*",?/g, '')}`)

/** Replays the logged run on a fresh contact through the emulator commands and returns that run's trace. */
async function replay(flowId: string, runId: string) {
  const logged = expectOk(await api.call('logs.run', { runId }))
  const plan = replayPlan(logged)
  if (!plan.ok) throw new Error(plan.reason)
  const contact = expectOk(await api.call('emulator.newContact', { name: 'Replayer' }))
  const target = { flowId, contactId: contact.id }
  const started = expectOk(
    await api.call('emulator.start', {
      ...target,
      trigger: plan.trigger,
      triggerNodeId: plan.triggerNodeId ?? undefined,
    }),
  )
  for (const event of plan.events) expectOk(await api.call('emulator.send', { ...target, event }))
  return { logged, plan, again: expectOk(await api.call('logs.run', { runId: started.session.run!.id })) }
}

describe('logs.run trigger data and the replay of every trigger kind', () => {
  it('a webhook run started through the listener: phone, data, message_text and button_id', async () => {
    const flowId = await flowWith(
      { kind: 'webhook', dataFields: ['who'] },
      '{{trigger_1.data.who}} {{trigger_1.message_text}} {{trigger_1.button_id}}',
    )
    const { secret } = expectOk(await api.call('webhook.rotate', { flowId }))
    const { url } = expectOk(await api.call('webhook.listener.get', {}))
    const res = await fetch(`${url}/chatbot-webhook/${flowId}/trigger`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': secret },
      body: JSON.stringify({
        phone_number: '+15550007777',
        data: { who: 'Ana', n: [1, 2] },
        message_text: 'hi there',
        button_id: 'b7',
      }),
    })
    expect(res.status).toBe(200)
    const { run_id: runId, contact_id: contactId } = (await res.json()) as { run_id: string; contact_id: string }
    // The customer answers the question (the emulator's send on the webhook's contact, as an inbound message).
    expectOk(await api.call('emulator.send', { flowId, contactId, event: { type: 'text', text: 'A-1' } }))

    const { logged, plan, again } = await replay(flowId, runId)
    expect(logged.trigger).toEqual({
      kind: 'webhook',
      phone_number: '+15550007777',
      data: { who: 'Ana', n: [1, 2] },
      message_text: 'hi there',
      button_id: 'b7',
      // The request's {{chat_message_id}}: a webhook carries none, so the conversation core made one up.
      message_id: expect.stringMatching(/^wamid\.local_/),
    })
    expect(logged.triggerNodeId).toBe(logged.trace[0]!.nodeId)
    expect(plan).toMatchObject({
      trigger: { kind: 'webhook', data: { who: 'Ana', n: [1, 2] }, message_text: 'hi there', button_id: 'b7' },
      events: [{ type: 'text', text: 'A-1' }],
    })
    expect(bodies(again)).toEqual(bodies(logged))
    expect(bodies(logged)[0]).toContain('Hello Ana hi there b7. Your order?')
    expect(again.run.status).toBe('ended')
  })

  it('a manual run: its data', async () => {
    const flowId = await flowWith({ kind: 'manual' }, '{{trigger_1.data.plan}}')
    const contact = expectOk(await api.call('emulator.contact', {}))
    const t = { flowId, contactId: contact.id }
    const started = expectOk(
      await api.call('emulator.start', { ...t, trigger: { kind: 'manual', data: { plan: 'gold' } } }),
    )
    expectOk(
      await api.call('emulator.send', { ...t, event: { type: 'button_reply', reply: { id: 'x', title: 'X-9' } } }),
    )
    const { logged, again } = await replay(flowId, started.session.run!.id)
    expect(logged.trigger).toMatchObject({ kind: 'manual', data: { plan: 'gold' } })
    expect(bodies(again)).toEqual(bodies(logged))
    expect(bodies(again)).toHaveLength(3)
  })

  it('an ad-click run: the referral and the first message, which is the start and not a turn', async () => {
    const flowId = await flowWith({ kind: 'ad_click', payloadPrefix: '' }, '{{trigger_1.ad.headline}}')
    const contact = expectOk(await api.call('emulator.contact', {}))
    const t = { flowId, contactId: contact.id }
    const ad = { source_id: 'ad_1', headline: 'Summer sale', ctwa_clid: 'c1' }
    const started = expectOk(
      await api.call<'emulator.start'>('emulator.start', {
        ...t,
        trigger: { kind: 'ad_click', ad, text: 'Tell me more' },
        mocks: {},
      }),
    )
    expectOk(await api.call('emulator.send', { ...t, event: { type: 'text', text: 'O-5' } }))
    const { logged, plan, again } = await replay(flowId, started.session.run!.id)
    expect(logged.trigger).toMatchObject({ kind: 'ad_click', ad })
    expect(plan).toMatchObject({
      trigger: { kind: 'ad_click', ad, text: 'Tell me more' },
      events: [{ type: 'text', text: 'O-5' }],
    })
    expect(bodies(again)).toEqual(bodies(logged))
  })

  it('a button-click run: the tapped payload', async () => {
    const flowId = await flowWith({ kind: 'button_click', payloadPrefix: 'promo_' }, '{{trigger_1.payload}}')
    const contact = expectOk(await api.call('emulator.contact', {}))
    const t = { flowId, contactId: contact.id }
    const started = expectOk(
      await api.call('emulator.start', { ...t, trigger: { kind: 'button_click', payload: 'promo_7', text: 'Yes' } }),
    )
    const { logged, plan, again } = await replay(flowId, started.session.run!.id)
    expect(plan).toMatchObject({ trigger: { kind: 'button_click', payload: 'promo_7', text: 'Yes' }, events: [] })
    expect(bodies(again)).toEqual(bodies(logged))
    expect(again.run.status).toBe('paused')
  })
})
