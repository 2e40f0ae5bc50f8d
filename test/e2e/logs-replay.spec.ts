import { buildFlow } from '../../shared/engine/testing/fixtures'
import { apiCall, botMessages, openExample, phone } from './emulator-helpers'
import { expect, test } from './fixtures'

process.env.CHATFLOW_WEBHOOK_PORT = '0'

test('Open in emulator replays a logged run on the test contact and shows it in the editor', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  const flowId = await openExample(page, 'age-gate.flow.json')

  // The logged run: another customer, a wrong answer, then an adult age.
  const other = await apiCall<{ id: string; name: string }>(page, 'emulator.newContact', { name: 'Logged Customer' })
  const target = { flowId, contactId: other.id }
  const started = await apiCall<{ session: { run: { id: string } } }>(page, 'emulator.start', {
    ...target,
    trigger: { kind: 'keyword', text: 'wine' },
  })
  await apiCall(page, 'emulator.send', { ...target, event: { type: 'text', text: 'abc' } })
  await apiCall(page, 'emulator.send', { ...target, event: { type: 'text', text: '40' } })
  const runId = started.session.run.id

  await page.goto(`${studio.url}/#/flows/${flowId}/logs/${runId}`)
  const trace = page.getByRole('region', { name: 'Execution trace' })
  await expect(trace.locator('.trace-head')).toContainText('keyword · Logged Customer')
  await trace.getByRole('button', { name: 'Open in emulator' }).click()

  // The editor, with the emulator open on the default test contact and the same customer side replayed.
  await expect(page).toHaveURL(new RegExp(`#/flows/${flowId}$`))
  await expect(phone(page)).toBeVisible()
  await expect(phone(page)).toContainText('to Test Customer')
  await expect(phone(page).getByTestId('customer-message')).toHaveText([/wine/, /abc/, /40/])
  await expect(botMessages(page).last()).toContainText('Cheers, Test Customer!')
  await expect(page.getByRole('complementary', { name: 'Emulator' }).getByTestId('run-status')).toHaveText(
    'ended (completed)',
  )

  // The replay is a new run of the test contact; the logged run is untouched.
  const runs = await apiCall<{ runs: Array<{ id: string; contact: { name: string } }> }>(page, 'logs.list', {
    flowId,
    filter: {},
  })
  expect(runs.runs.map((r) => r.contact.name).sort()).toEqual(['Logged Customer', 'Test Customer'])
})

test("Open in emulator starts a webhook run again with its data and replays the customer's answer", async ({
  page,
  studio,
}) => {
  await studio.open(page)
  const created = await apiCall<{ id: string; revision: number }>(page, 'flows.create', { name: 'Delivery' })
  const flowId = created.id
  const doc = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'webhook', dataFields: ['who', 'parcel'] } },
      {
        type: 'question',
        name: 'ask',
        config: {
          prompt: 'Hi {{trigger_1.data.who}}, parcel {{trigger_1.data.parcel}} ({{trigger_1.message_text}}): when?',
          saveTo: 'slot',
        },
      },
      { type: 'message', name: 'done', config: { text: 'Booked {{slot}} for {{trigger_1.data.who}}' } },
    ],
    [
      ['trigger_1', 'out', 'ask'],
      ['ask', 'out', 'done'],
    ],
    { id: flowId, name: 'Delivery', active: true },
  )
  await apiCall(page, 'flows.save', { document: doc, expectedRevision: created.revision })

  // The logged run: started by a POST to the real webhook listener, then the customer answers.
  const { secret } = await apiCall<{ secret: string }>(page, 'webhook.rotate', { flowId })
  const listener = await apiCall<{ url: string | null }>(page, 'webhook.listener.get', {})
  const res = await fetch(`${listener.url}/chatbot-webhook/${flowId}/trigger`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': secret },
    body: JSON.stringify({
      phone_number: '+15550004444',
      data: { who: 'Rita', parcel: 'P-42' },
      message_text: 'out for delivery',
    }),
  })
  expect(res.status).toBe(200)
  const { run_id: runId, contact_id: contactId } = (await res.json()) as { run_id: string; contact_id: string }
  await apiCall(page, 'emulator.send', { flowId, contactId, event: { type: 'text', text: 'after 5pm' } })

  await page.goto(`${studio.url}/#/flows/${flowId}/logs/${runId}`)
  const trace = page.getByRole('region', { name: 'Execution trace' })
  await expect(trace.locator('.trace-head')).toContainText('webhook')
  await expect(trace.getByRole('complementary', { name: 'Conversation' })).toContainText(
    'Hi Rita, parcel P-42 (out for delivery): when?',
  )
  await trace.getByRole('button', { name: 'Open in emulator' }).click()

  // The emulator, on the test contact: the same first bot message from the same data, the answer, the same end.
  await expect(page).toHaveURL(new RegExp(`#/flows/${flowId}$`))
  await expect(phone(page)).toContainText('to Test Customer')
  await expect(botMessages(page).first()).toHaveText(/Hi Rita, parcel P-42 \(out for delivery\): when\?/)
  await expect(phone(page).getByTestId('customer-message')).toHaveText([/after 5pm/])
  await expect(botMessages(page).last()).toContainText('Booked after 5pm for Rita')
  await expect(page.getByRole('complementary', { name: 'Emulator' }).getByTestId('run-status')).toHaveText(
    'ended (completed)',
  )
})
