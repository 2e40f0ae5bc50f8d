import { afterEach, beforeEach, expect, it } from 'vitest'
import { RunService } from '../runs'
import { confirmFlow, orderTotalFlow } from './testing/fixtures'
import { webhookRunStarter } from './run-starter'
import { post, startTestListener, type TestListener } from './testing/support'

// The whole path with the real engine and a real SQLite file: request → contact → run → trace → messages.
let t: TestListener
let runs: RunService

beforeEach(async () => {
  t = await startTestListener((db) => webhookRunStarter((runs = new RunService(db))))
})
afterEach(() => t.close())

function addFlow(id: string, edit = (d: ReturnType<typeof orderTotalFlow>) => d) {
  const doc = edit(orderTotalFlow(id))
  const { id: stored } = t.flows.create()
  t.flows.change(stored, 'test', () => ({ ...doc, id: stored }))
  return { id: stored, secret: t.secrets.rotate(stored).secret, endpoint: `${t.url}/chatbot-webhook/${stored}/trigger` }
}

type Sent = { text?: { body: string }; interactive?: { body: { text: string } } }
const outbound = (runId: string) =>
  runs.runs
    .messages(runId)
    .filter((m) => m.direction === 'out')
    .map((m) => (m.payload as Sent).text?.body ?? (m.payload as Sent).interactive?.body.text)

it('starts a run per request with the data under trigger_1.data and persists its trace and message', async () => {
  const f = addFlow('a')
  const high = await post(
    f.endpoint,
    { phone_number: '+919800000001', data: { name: 'Asha', amount: 250 } },
    { 'x-api-key': f.secret },
  )
  const low = await post(
    f.endpoint,
    { phone_number: '+91 98000 00001', data: { name: 'Asha', amount: 40 } },
    { 'x-api-key': f.secret },
  )
  expect(high.status).toBe(200)
  expect(high.body).toMatchObject({ state: 'ended', flow_id: f.id })
  expect(low.body.contact_id).toBe(high.body.contact_id)
  expect(outbound(high.body.run_id)).toEqual(['Hi Asha, your total is 295 (priority)'])
  expect(outbound(low.body.run_id)).toEqual(['Hi Asha, your total is 47.2'])
  expect(runs.runs.trace(high.body.run_id).map((e) => e.nodeName)).toEqual([
    'trigger_1',
    'condition_1',
    'message_1',
    'end_1',
  ])
  expect(runs.runs.summary(high.body.run_id)).toMatchObject({ flowId: f.id, triggerKind: 'webhook', status: 'ended' })
  expect(runs.contacts.byPhone('+919800000001')?.id).toBe(high.body.contact_id)
})

it('gives data entries, message_text and button_id their documented variable names', async () => {
  // `extra` is not a declared data field: a variable all the same (spec: "data entries become flow variables").
  const text =
    '{{name}}|{{trigger_1.phone_number}}|{{trigger_1.message_text}}|{{initial_message}}|{{trigger_1.button_id}}|{{customer_phone}}|{{trigger_1.data.extra.deep}}|[{{extra.deep}}]|{{_last_button_payload}}'
  const f = addFlow('b', (d) => ({
    ...d,
    nodes: d.nodes.map((n) => (n.name === 'message_2' ? { ...n, config: { ...n.config, text } } : n)),
  }))
  const res = await post(
    f.endpoint,
    {
      phone_number: '+14155550100',
      data: { name: 'Bo', amount: 1, extra: { deep: 'x' } },
      message_text: 'hello',
      button_id: 'btn_7',
    },
    { 'x-api-key': f.secret },
  )
  expect(outbound(res.body.run_id)).toEqual(['Bo|+14155550100|hello|hello|btn_7|+14155550100|x|[x]|btn_7'])
})

it("a later request's button_id taps the button the contact's paused run of this flow waits on", async () => {
  const { id: stored } = t.flows.create()
  t.flows.change(stored, 'test', () => confirmFlow(stored))
  const endpoint = `${t.url}/chatbot-webhook/${stored}/trigger`
  const key = { 'x-api-key': t.secrets.rotate(stored).secret }
  const asked = await post(endpoint, { phone_number: '+14155550101', data: { day: 'Friday' } }, key)
  expect(asked.body).toMatchObject({ state: 'paused' })
  const tapped = await post(endpoint, { phone_number: '+14155550101', button_id: 'yes' }, key)
  expect(tapped.body).toMatchObject({ state: 'ended', run_id: asked.body.run_id })
  expect(outbound(asked.body.run_id)).toEqual(['Confirm your slot on Friday?', 'Booked for Friday (Yes, yes)'])
  // A button the paused node does not show starts the flow afresh (the paused run is superseded).
  const again = await post(endpoint, { phone_number: '+14155550101', data: { day: 'Monday' } }, key)
  const other = await post(endpoint, { phone_number: '+14155550101', button_id: 'maybe' }, key)
  expect(other.body.run_id).not.toBe(again.body.run_id)
  expect(runs.runs.summary(again.body.run_id)).toMatchObject({ status: 'ended' })
})

it('answers 200 with state failed and the reason when the flow fails at run time', async () => {
  const f = addFlow('c', (d) => ({
    ...d,
    nodes: d.nodes.map((n) => (n.name === 'message_2' ? { ...n, config: { ...n.config, text: '{{ 1 + }}' } } : n)),
  }))
  const res = await post(f.endpoint, { phone_number: '+919800000002', data: { amount: 1 } }, { 'x-api-key': f.secret })
  expect(res.status).toBe(200)
  expect(res.body.state).toBe('failed')
  expect(res.body.run_error.code).toMatch(/\w+/)
  expect(runs.runs.summary(res.body.run_id)?.status).toBe('failed')
})
