import { apiCall, botMessages, openExample, phone } from './emulator-helpers'
import { expect, test } from './fixtures'

process.env.CHATFLOW_WEBHOOK_PORT = '0'

test('Open in emulator replays a logged run on the test contact and shows it in the editor', async ({ page, studio }) => {
  await studio.open(page)
  const flowId = await openExample(page, 'age-gate.flow.json')

  // The logged run: another customer, a wrong answer, then an adult age.
  const other = await apiCall<{ id: string; name: string }>(page, 'emulator.newContact', { name: 'Logged Customer' })
  const target = { flowId, contactId: other.id }
  const started = await apiCall<{ session: { run: { id: string } } }>(page, 'emulator.start', { ...target, trigger: { kind: 'keyword', text: 'wine' } })
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
  await expect(page.getByRole('complementary', { name: 'Emulator' }).getByTestId('run-status')).toHaveText('ended (completed)')

  // The replay is a new run of the test contact; the logged run is untouched.
  const runs = await apiCall<{ runs: Array<{ id: string; contact: { name: string } }> }>(page, 'logs.list', { flowId, filter: {} })
  expect(runs.runs.map((r) => r.contact.name).sort()).toEqual(['Logged Customer', 'Test Customer'])
})

test('a run whose start is not in the log cannot be replayed, and the button says why', async ({ page, studio }) => {
  await studio.open(page)
  const flowId = await openExample(page, 'age-gate.flow.json')
  const contact = await apiCall<{ id: string }>(page, 'emulator.contact', {})
  const started = await apiCall<{ session: { run: { id: string } } }>(page, 'emulator.start', { flowId, contactId: contact.id, trigger: { kind: 'manual' } })
  await page.goto(`${studio.url}/#/flows/${flowId}/logs/${started.session.run.id}`)
  const button = page.getByRole('region', { name: 'Execution trace' }).getByRole('button', { name: 'Open in emulator' })
  await expect(button).toBeDisabled()
  await expect(button).toHaveAttribute('title', /manual start keeps its data outside the log/)
})
