import type { Page } from '@playwright/test'
import { apiCall, botMessages, emulatorPanel, phone, type } from './emulator-helpers'
import { expect, test } from './fixtures'
import { handOverFlow } from './hand-over-flow'

// A person takes a conversation over, from the emulator: the Hand over node hands it to a person, the bot stays
// silent (even on its own keyword), the Contacts screen and Flow Logs show who is with a person and since when, the
// person writes, then hands back with variables and the flow goes on by the node's `returned` port. The person's
// reply stays in the run's conversation marked as theirs (the phone, Flow Logs), Save as test records the person's
// part and replays it green, and a takeover can be given a time to come back to the bot, with its zone shown.

const FLOW = handOverFlow({
  name: 'Refund desk',
  keyword: 'refund',
  message: 'A person from our team will answer you here.',
  back: 'The bot again.',
})

async function openRefundDesk(page: Page): Promise<string> {
  const created = await apiCall<{ id: string; revision: number }>(page, 'flows.create', { name: FLOW.name })
  await apiCall(page, 'flows.save', { document: { ...FLOW, id: created.id }, expectedRevision: created.revision })
  await page.goto(`${new URL(page.url()).origin}/#/flows/${created.id}`)
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  await expect(emulatorPanel(page)).toBeVisible()
  return created.id
}

/** The phone is done with the last step (no typing dots, no pending bubble). */
const settled = (page: Page) => expect(phone(page).getByTestId('typing')).toHaveCount(0)

test('hand a conversation over from the emulator, the bot stays silent, hand back with variables on `returned`', async ({
  page,
  studio,
  context,
}) => {
  await studio.open(page)
  const flowId = await openRefundDesk(page)
  const emulator = emulatorPanel(page)

  await type(page, 'refund')
  await expect(botMessages(page)).toHaveCount(1)
  await expect(botMessages(page).first()).toContainText('A person from our team will answer you here.')
  const banner = emulator.getByRole('status', { name: 'With a person' })
  await expect(banner).toContainText('With a person')
  await expect(emulator.getByRole('tab', { name: /Person/ })).toHaveAttribute('aria-selected', 'true')

  // The customer writes, the flow's own keyword included: recorded for the person, no flow starts, the bot is silent.
  await type(page, 'refund')
  await settled(page)
  await type(page, 'Where is my money?')
  await settled(page)
  await expect(botMessages(page)).toHaveCount(1)
  await expect(banner).toBeVisible()

  // The Contacts screen and Flow Logs (another tab) show who is with a person, and the transcript.
  const other = await context.newPage()
  await other.goto(`${studio.url}/#/contacts`)
  const row = other.getByRole('table', { name: 'Contacts' }).getByRole('row', { name: 'Test Customer' })
  await expect(row).toContainText('With a person since')
  await row.getByRole('button', { name: 'Conversation with Test Customer' }).click()
  const talk = other.getByRole('dialog', { name: /Test Customer/ })
  await expect(talk.getByRole('list', { name: 'Conversation with a person' })).toContainText('Where is my money?')
  await talk.getByRole('button', { name: 'Close' }).click()
  await other.goto(`${studio.url}/#/flows/${flowId}/logs`)
  await expect(other.getByRole('grid', { name: 'Executions' }).getByRole('row').nth(1)).toContainText('With a person')

  // The person writes from the emulator's Person tab; the phone shows it as the business's message.
  const person = emulator.getByRole('region', { name: 'The person' })
  await person.getByLabel('Reply as the person').fill('I refunded you just now.')
  await person.getByRole('button', { name: 'Send as the person' }).click()
  await expect(phone(page).getByTestId('person-message')).toContainText('I refunded you just now.')

  // Hand back: variables that are not a JSON object are refused where they were typed; then the flow goes on.
  await person.getByLabel('Variables for the flow (JSON, optional)').fill('{resolved: yes}')
  await person.getByRole('button', { name: 'Hand back to the bot' }).click()
  await expect(person.getByRole('alert')).toContainText('This is not JSON')
  await person.getByLabel('Variables for the flow (JSON, optional)').fill('{"resolved": "yes"}')
  await person.getByRole('button', { name: 'Hand back to the bot' }).click()
  await expect(botMessages(page).last()).toContainText('The bot again. Resolved: yes')
  await expect(banner).toHaveCount(0)
  await expect(emulator.getByTestId('run-status')).toContainText('ended')

  // The reply stays in the run's conversation, in its place, marked as the person's: on the phone and in Flow Logs.
  await expect(phone(page).getByTestId('person-message')).toContainText('Person')
  await expect(phone(page).getByTestId('person-message')).toContainText('I refunded you just now.')
  await other.reload()
  const runRow = other.getByRole('grid', { name: 'Executions' }).getByRole('row').nth(1)
  await expect(runRow).not.toContainText('With a person')
  await runRow.click()
  const conversation = other.getByRole('complementary', { name: 'Conversation' })
  await expect(conversation.getByTestId('person-message')).toContainText('Person')
  await expect(conversation.getByTestId('person-message')).toContainText('I refunded you just now.')
  await expect(conversation).toContainText('The bot again. Resolved: yes')

  // Save as test: the person's part (the held messages, the reply, the hand-back with variables) replays green.
  await emulator.getByRole('tab', { name: 'Tests' }).click()
  await emulator.getByLabel('Test name').fill('a person refunds')
  await emulator.getByRole('button', { name: 'Save as test' }).click()
  const saved = emulator.getByTestId('conversation-test')
  await expect(saved).toHaveCount(1)
  await emulator.getByRole('button', { name: 'Run all' }).click()
  await expect(saved).toHaveAttribute('data-status', 'passed')
  const tests = await apiCall<Array<{ yaml: string }>>(page, 'emulator.tests', { flowId })
  expect(tests[0]!.yaml).toContain('person: I refunded you just now.')
  expect(tests[0]!.yaml).toMatch(/hands_back:\s+resolved: yes/)

  // The Person tab takes over until a time: one already passed is refused where it was typed, the zone is shown.
  await emulator.getByRole('tab', { name: /Person/ }).click()
  await expect(person.getByText(/Time zone: \S+/)).toBeVisible()
  await person.getByLabel('Back to the bot at (optional)').fill('2020-01-01T10:00')
  await person.getByRole('button', { name: 'Take over as a person' }).click()
  await expect(person.getByRole('alert')).toContainText('has passed')
  await expect(banner).toHaveCount(0)
})

test('take over from the Contacts screen, reply as the person and hand back with variables', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  await apiCall(page, 'contacts.save', { name: 'Asha Rao', phone: '+919800000001', optedIn: true })
  await page.getByRole('link', { name: 'Contacts' }).click()
  const row = page.getByRole('table', { name: 'Contacts' }).getByRole('row', { name: 'Asha Rao' })
  await row.getByRole('button', { name: 'Take over Asha Rao' }).click()
  const ask = page.getByRole('dialog', { name: 'Take over the conversation with Asha Rao?' })
  await ask.getByLabel('Note for the team (optional)').fill('Asked for a refund')
  // "Back to the bot at": a date and time in the zone shown; one already passed is refused where it was typed.
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)
  await expect(ask).toContainText(`Time zone: ${zone}`)
  await ask.getByLabel('Back to the bot at (optional)').fill('2020-01-01T10:00')
  await ask.getByRole('button', { name: 'Take over' }).click()
  await expect(ask.getByRole('alert')).toContainText('has passed')
  await ask.getByLabel('Back to the bot at (optional)').fill('2099-12-31T10:00')
  await ask.getByRole('button', { name: 'Take over' }).click()

  const talk = page.getByRole('dialog', { name: 'Asha Rao · +919800000001' })
  await expect(talk.getByRole('status')).toContainText('With a person since')
  await expect(talk.getByRole('status')).toContainText('Asked for a refund')
  await expect(talk).toContainText(`Comes back to the bot by itself at`)
  await expect(talk).toContainText(`(${zone})`)
  await expect(talk.getByRole('list', { name: 'Conversation with a person' })).toContainText('Nothing written since')
  // Asha has not written to the studio, so a free-form reply could not reach her (the 24-hour window): said at the
  // reply, and nothing is added to the conversation. A reply inside the window is the emulator test's, above.
  await talk.getByLabel('Reply as the person').fill('Hello Asha, I am looking at your order.')
  await talk.getByRole('button', { name: 'Send reply' }).click()
  await expect(talk.getByRole('alert')).toContainText('has not written in the last 24 hours')
  await expect(talk.getByRole('list', { name: 'Conversation with a person' })).toContainText('Nothing written since')
  await talk.getByRole('button', { name: 'Close' }).click()
  await expect(row).toContainText('With a person since')

  await row.getByRole('button', { name: 'Conversation with Asha Rao' }).click()
  await talk.getByLabel('Variables the flow continues with (JSON, optional)').fill('"yes"')
  await talk.getByRole('button', { name: 'Hand back' }).click()
  await expect(talk.getByRole('alert')).toContainText('Write one JSON object')
  await talk.getByLabel('Variables the flow continues with (JSON, optional)').fill('{"refunded": true}')
  await talk.getByRole('button', { name: 'Hand back' }).click()
  await expect(talk).toBeHidden()
  await expect(row).not.toContainText('With a person')
  await expect(row.getByRole('button', { name: 'Take over Asha Rao' })).toBeVisible()
  const ended = await apiCall<{ handovers: Array<{ endedBy: string; note: string }> }>(page, 'handovers.list', {
    open: false,
  })
  expect(ended.handovers[0]).toMatchObject({ endedBy: 'studio', note: 'Asked for a refund' })
})
