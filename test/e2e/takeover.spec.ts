import type { Page } from '@playwright/test'
import { apiCall, botMessages, emulatorPanel, phone, type } from './emulator-helpers'
import { expect, test } from './fixtures'
import { handOverFlow } from './hand-over-flow'

// A person takes a conversation over, from the emulator: the Hand over node hands it to a person, the bot stays
// silent (even on its own keyword), the Contacts screen and Flow Logs show who is with a person and since when, the
// person writes, then hands back with variables and the flow goes on by the node's `returned` port.

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

  await other.reload()
  await expect(other.getByRole('grid', { name: 'Executions' }).getByRole('row').nth(1)).not.toContainText(
    'With a person',
  )
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
  await ask.getByRole('button', { name: 'Take over' }).click()

  const talk = page.getByRole('dialog', { name: 'Asha Rao · +919800000001' })
  await expect(talk.getByRole('status')).toContainText('With a person since')
  await expect(talk.getByRole('status')).toContainText('Asked for a refund')
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
