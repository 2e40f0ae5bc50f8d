import { customerMessage, messageId } from '../../electron/runtime/testing/channel-payloads'
import { APP_SECRET } from '../../electron/runtime/testing/channel-runtime'
import { apiCall } from './emulator-helpers'
import { startChannelServe } from './channel-serve'
import { expect, test } from './fixtures'
import { addPublishServer } from './runtime-helpers'
import { handOverFlow } from './hand-over-flow'

// A production server's conversations with a person, driven from the studio's Contacts screen: `chatflow serve` (the
// server bundle, SQLite) whose channel is the fake Cloud API runs a flow with a Hand over node. A customer's keyword
// reaches the node; the studio lists the conversation on that server, the person replies and hands back with
// variables (the flow goes on by `returned`); then the studio takes over the same number by hand, sees it listed,
// replies and hands back again, this time until a date and time (the zone shown; one passed refused where typed).
// Flow Logs of the server's run show the person's replies among its messages, marked as the person's.

const FLOW = handOverFlow({
  name: 'Support desk',
  keyword: 'agent',
  message: 'Connecting you to a person.',
  back: 'Welcome back!',
})
const CUSTOMER = '+447700900555'
const WA = CUSTOMER.slice(1)

test("a production server's conversations with a person: listed, answered, handed back, and a number taken over", async ({
  page,
  studio,
}) => {
  test.setTimeout(120_000)
  const { fake, serve, webhook, stop } = await startChannelServe('sqlite')
  /** What the fake Cloud API received for the customer, as texts. */
  const sent = () => fake.to(WA).map((s) => (s.body as { text?: { body: string } }).text?.body ?? '')
  try {
    await studio.open(page)
    const created = await apiCall<{ id: string; revision: number }>(page, 'flows.create', { name: FLOW.name })
    await apiCall(page, 'flows.save', { document: { ...FLOW, id: created.id }, expectedRevision: created.revision })
    await page.reload() // the flow in the list, Publish… beside it
    const publish = await addPublishServer(page, serve.api)
    await publish.getByRole('button', { name: 'Validate and publish' }).click()
    await expect(publish.getByRole('status')).toHaveText('Published version 1.')
    await publish.getByRole('button', { name: 'Close' }).click()

    await page.goto(`${studio.url}/#/contacts`)
    await page.getByLabel('Contacts on').selectOption({ label: 'Production' })
    await expect(page.getByText('Nobody on Production is with a person.')).toBeVisible()

    // The customer asks for a person: the Hand over node on the server takes it.
    const say = async (text: string) =>
      expect(
        (
          await fake.postWebhook(
            webhook,
            customerMessage(CUSTOMER, 'Asha', { type: 'text', text }, messageId()),
            APP_SECRET,
          )
        ).status,
      ).toBe(200)
    await say('agent')
    await expect.poll(sent).toEqual(['Connecting you to a person.'])
    await page.getByRole('button', { name: 'Refresh' }).click()
    const table = page.getByRole('table', { name: 'Conversations with a person on Production' })
    const row = table.getByRole('row', { name: 'Asha' })
    await expect(row).toContainText(CUSTOMER)
    await expect(row).toContainText('Hand over node')
    await expect(row).toContainText('Refund request')

    await row.getByRole('button', { name: 'Conversation with Asha' }).click()
    const dialog = page.getByRole('dialog', { name: `Asha · ${CUSTOMER}` })
    const transcript = dialog.getByRole('list', { name: 'Conversation with a person' })
    await expect(transcript).toContainText('Nothing written since the person took over.')
    await dialog.getByLabel('Reply as the person').fill('Your refund is on its way.')
    await dialog.getByRole('button', { name: 'Send reply' }).click()
    await expect(transcript).toContainText('Your refund is on its way.')
    await expect.poll(sent).toEqual(['Connecting you to a person.', 'Your refund is on its way.'])
    await dialog.getByLabel('Variables the flow continues with (JSON, optional)').fill('{"resolved": "yes"}')
    await dialog.getByRole('button', { name: 'Hand back' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByText('Nobody on Production is with a person.')).toBeVisible()
    await expect
      .poll(sent)
      .toEqual(['Connecting you to a person.', 'Your refund is on its way.', 'Welcome back! Resolved: yes'])

    // The studio takes over the same number by hand; what the customer writes then is kept, not routed.
    await page.getByRole('button', { name: 'Take over a number' }).click()
    const ask = page.getByRole('dialog', { name: 'Take over a number on Production' })
    await ask.getByLabel('Phone number').fill('+44 0000')
    await ask.getByRole('button', { name: 'Take over' }).click()
    await expect(ask.getByRole('alert')).toContainText('"Production" answered 400')
    await ask.getByLabel('Phone number').fill(CUSTOMER)
    await ask.getByLabel('Note for the team (optional)').fill('VIP follow-up')
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)
    await expect(ask).toContainText(`Time zone: ${zone}`)
    await ask.getByLabel('Back to the bot at (optional)').fill('2020-01-01T10:00')
    await ask.getByRole('button', { name: 'Take over' }).click()
    await expect(ask.getByRole('alert')).toContainText('has passed')
    await ask.getByLabel('Back to the bot at (optional)').fill('2099-12-31T10:00')
    await ask.getByRole('button', { name: 'Take over' }).click()
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText(`Comes back to the bot by itself at`)
    await expect(dialog).toContainText(`(${zone})`)
    await say('agent')
    await dialog.getByLabel('Reply as the person').fill('Anything else?')
    await dialog.getByRole('button', { name: 'Send reply' }).click()
    await expect(transcript).toContainText('Anything else?')
    // The customer's keyword shows up by itself (the dialog reads the conversation again while open).
    await expect(transcript.getByRole('listitem')).toHaveCount(2) // the keyword and the reply
    await expect(transcript.getByRole('listitem').filter({ hasText: 'Customer:agent' })).toHaveCount(1)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(table.getByRole('row', { name: 'Asha' })).toContainText('VIP follow-up')
    await table.getByRole('button', { name: 'Conversation with Asha' }).click()
    await dialog.getByRole('button', { name: 'Hand back' }).click()
    await expect(page.getByText('Nobody on Production is with a person.')).toBeVisible()
    expect(sent().filter((t) => t === 'Connecting you to a person.')).toHaveLength(1) // the keyword started nothing

    // Flow Logs of the server: the person's replies are among the run's messages, in their place, marked Person.
    await page.goto(`${studio.url}/#/flows/${created.id}/logs`)
    await page.getByRole('combobox', { name: 'Runs of' }).selectOption({ label: 'server Production' })
    await page.getByRole('grid', { name: 'Executions' }).getByRole('row').filter({ hasText: 'Asha' }).first().click()
    const conversation = page.getByRole('complementary', { name: 'Conversation' })
    const replies = conversation.getByTestId('person-message')
    await expect(replies).toHaveCount(2)
    await expect(replies.first()).toContainText('Person')
    await expect(replies.first()).toContainText('Your refund is on its way.')
    await expect(replies.nth(1)).toContainText('Anything else?')
    await expect(conversation).toContainText('Welcome back! Resolved: yes')
  } finally {
    await stop()
  }
})
