// Issue 33, "any run becomes a test": a production server's run saved from Flow Logs as a test that `chatflow test`
// passes. The studio publishes the order-status example (its HTTP Call pointed at a shop on loopback) to
// `chatflow serve --channel cloud-api` whose channel is the fake Cloud API; a customer writes through signed
// webhooks; the studio's Flow Logs read the server, Save as test masks the customer's data by default, and the saved
// YAML, beside the flow's file, passes the built `chatflow test` with the shop closed (its answer is the test's mock).
// Once with the server's state in SQLite, once in PostgreSQL.

import { customerMessage, messageId } from '../../electron/runtime/testing/channel-payloads'
import { APP_SECRET } from '../../electron/runtime/testing/channel-runtime'
import { apiCall } from './emulator-helpers'
import { skipWithoutStore, startChannelServe } from './channel-serve'
import { expect, test } from './fixtures'
import { chatflowTest, orderStatus, shot, startShop } from './run-to-test-helpers'
import { addPublishServer } from './runtime-helpers'

for (const store of ['sqlite', 'postgres'] as const) {
  test(`a production server’s run saved from Flow Logs as a test passes chatflow test (${store})`, async ({
    page,
    studio,
  }) => {
    test.setTimeout(150_000)
    skipWithoutStore(store)
    const shop = await startShop()
    const { fake, serve, webhook, stop } = await startChannelServe(store).catch(async (err) => {
      await shop.close()
      throw err
    })
    try {
      await studio.open(page)
      const created = await apiCall<{ id: string; revision: number }>(page, 'flows.create', { name: 'Order status' })
      const document = { ...orderStatus(shop.url), id: created.id, name: 'Order status' }
      await apiCall(page, 'flows.save', { document, expectedRevision: created.revision })
      await page.reload()
      const publish = await addPublishServer(page, serve.api)
      await publish.getByRole('button', { name: 'Validate and publish' }).click()
      await expect(publish.getByRole('status')).toHaveText('Published version 1.')
      await publish.getByRole('button', { name: 'Close' }).click()

      // Asha asks after her order through the channel; the server looks it up at the shop and answers.
      const say = async (text: string) =>
        expect(
          (
            await fake.postWebhook(
              webhook,
              customerMessage('+919800000401', 'Asha Verma', { type: 'text', text }, messageId()),
              APP_SECRET,
            )
          ).status,
        ).toBe(200)
      await say('order')
      await expect.poll(() => fake.to('919800000401').length).toBe(1)
      await say('552190')
      await expect.poll(() => fake.to('919800000401').length).toBe(2)

      await page.goto(`${studio.url}/#/flows/${created.id}/logs`)
      await page.getByRole('combobox', { name: 'Runs of' }).selectOption({ label: 'server Production' })
      const list = page.getByRole('grid', { name: 'Executions' })
      await list.getByRole('row').filter({ hasText: 'Asha' }).click()
      await expect(page.getByTestId('trace-status')).toHaveText('ended')
      await page.getByRole('button', { name: 'Save as test' }).click()
      const dialog = page.getByRole('dialog', { name: 'Save this run as a test' })
      // A server's run: personal data masked unless the designer says otherwise, Scripts replayed.
      await expect(dialog.getByLabel('Mask personal data (phone, name, typed answers)')).toBeChecked()
      await expect(dialog.getByLabel('Replay what they returned in this run')).toBeChecked()
      await expect(dialog).toContainText('The test replays this run from Production:')
      await dialog.getByLabel('Test name').fill('shipped order from production')
      if (store === 'sqlite') await shot(page, 'run-to-test')
      await dialog.getByRole('button', { name: 'Save test' }).click()
      await expect(page.getByRole('status')).toContainText('Saved as the test "shipped order from production"')

      // Saving again under that name is refused in the dialog, which offers to replace it.
      await page.getByRole('button', { name: 'Save as test' }).click()
      await dialog.getByLabel('Test name').fill('shipped order from production')
      await dialog.getByRole('button', { name: 'Save test' }).click()
      await expect(dialog.getByRole('alert')).toHaveText(
        'This flow already has a test named "shipped order from production".',
      )
      await dialog.getByLabel('Replace the test of that name').check()
      await dialog.getByRole('button', { name: 'Save test' }).click()
      await expect(dialog).toHaveCount(0)

      const [saved] = await apiCall<Array<{ name: string; yaml: string }>>(page, 'emulator.tests', {
        flowId: created.id,
      })
      for (const secret of ['Asha', 'Verma', '9800000401', '552190']) expect(saved!.yaml).not.toContain(secret)
      expect(saved!.yaml).toContain('window: enforce')
      expect(saved!.yaml).toContain('order_lookup:')

      // The shop closes: the test replays its answer from the mock, on the command line.
      await shop.close()
      const cli = chatflowTest(document, saved!.yaml)
      expect(cli.stdout).toMatch(/^✓ .*from-run\.yaml {2}shipped order from production$/m)
      expect(cli.stdout.trim().split('\n').at(-1)).toBe('1 passed, 0 failed')
      expect(cli.status).toBe(0)
    } finally {
      await stop()
      await shop.close()
    }
  })
}
