import { customerMessage, messageId, statuses } from '../../electron/runtime/testing/channel-payloads'
import { APP_SECRET } from '../../electron/runtime/testing/channel-runtime'
import { skipWithoutStore, startChannelServe } from './channel-serve'
import { expect, test } from './fixtures'
import { addPublishServer, storeExample } from './runtime-helpers'

// From Publish to a live number: the studio publishes the age gate to `chatflow serve --channel cloud-api` (the
// server bundle) whose channel is the fake Cloud API; customers write through signed webhooks; the studio's Flow
// Logs, reading that server, show each answer's delivery state, a failure with the channel's reason, and the
// failed-deliveries filter. Once with the server's state in SQLite, once in PostgreSQL (a throwaway cluster,
// electron/runtime/testing/pg-server.ts): the studio reads both through the same publish API.

for (const store of ['sqlite', 'postgres'] as const) {
  test(`a production server’s runs in Flow Logs (${store}): delivery states, a failure with its reason, the failed filter`, async ({
    page,
    studio,
  }) => {
    test.setTimeout(120_000)
    skipWithoutStore(store)
    const { fake, serve, webhook, stop } = await startChannelServe(store)
    try {
      await studio.open(page)
      const flowId = await storeExample(page, 'age-gate')
      const dialog = await addPublishServer(page, serve.api)
      await dialog.getByRole('button', { name: 'Validate and publish' }).click()
      await expect(dialog.getByRole('status')).toHaveText('Published version 1.')
      await dialog.getByRole('button', { name: 'Close' }).click()

      // Two customers write. Asha's question is delivered and read; Ravi's is refused: his window has closed.
      const say = async (phone: string, name: string, text: string) =>
        expect(
          (
            await fake.postWebhook(
              webhook,
              customerMessage(phone, name, { type: 'text', text }, messageId()),
              APP_SECRET,
            )
          ).status,
        ).toBe(200)
      await say('+919800000401', 'Asha', 'wine')
      await expect.poll(() => fake.to('919800000401').length).toBe(1)
      // The read status comes at once, as the channel's can: while the runtime may still be writing the send's mark.
      const read = statuses({ id: fake.to('919800000401')[0]!.channelId!, status: 'read', recipient: '+919800000401' })
      expect((await fake.postWebhook(webhook, read, APP_SECRET)).status).toBe(200)
      fake.answerNext({ status: 400, code: 131047 })
      await say('+919800000402', 'Ravi', 'wine')
      await expect.poll(() => fake.sends.length).toBe(2)

      await page.goto(`${studio.url}/#/flows/${flowId}/logs`)
      await page.getByRole('combobox', { name: 'Runs of' }).selectOption({ label: 'server Production' })
      const list = page.getByRole('grid', { name: 'Executions' })
      await expect(list.getByRole('row').filter({ hasText: 'Asha' })).toBeVisible()
      await expect(list.getByRole('row').filter({ hasText: 'Ravi' })).toContainText('1 failed')

      await list.getByRole('row').filter({ hasText: 'Asha' }).click()
      const conversation = page.getByRole('complementary', { name: 'Conversation' })
      await expect(conversation.getByLabel('Delivery: read')).toBeVisible()

      // Asha answers on her phone: the open run moves on without a reload, and the reply's delivery shows.
      await say('+919800000401', 'Asha', '30')
      await expect(page.getByTestId('trace-status')).toHaveText('ended', { timeout: 15_000 })
      await expect(conversation.getByLabel('Delivery: sent')).toBeVisible()

      await page.getByRole('combobox', { name: 'Delivery' }).selectOption('failed')
      await expect(list.getByRole('row').filter({ hasText: 'Asha' })).toHaveCount(0)
      await list.getByRole('row').filter({ hasText: 'Ravi' }).click()
      await expect(conversation.getByLabel('Delivery: failed')).toBeVisible()
      await expect(conversation).toContainText(
        'channel error 131047: more than 24 hours since the customer last wrote: only a template may be sent',
      )
      // A server's run is saved as a test too (run-to-test-server.spec.ts); its personal data masked by default.
      await expect(page.getByRole('button', { name: 'Save as test' })).toBeVisible()
      await page.screenshot({ path: test.info().outputPath(`flow-logs-production-${store}.png`) })
    } finally {
      await stop()
    }
  })
}
