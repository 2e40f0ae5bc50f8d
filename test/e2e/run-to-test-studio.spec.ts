// Issue 33, "any run becomes a test", for this studio's own runs: a conversation in the emulator whose HTTP Call
// reaches a shop on loopback for real, opened in Flow Logs and saved from the dialog (masking chosen by hand), then
// the saved YAML beside the flow's file passes the built `chatflow test` with the shop closed: its answer is the
// test's mock. Today's flow changed, the same test fails and says how.
import { apiCall, botMessages, emulatorPanel, type } from './emulator-helpers'
import { expect, test } from './fixtures'
import { chatflowTest, orderStatus, startShop } from './run-to-test-helpers'

test('a studio run saved from Flow Logs as a test passes chatflow test, and fails once the flow changes', async ({
  page,
  studio,
}) => {
  const shop = await startShop()
  try {
    await studio.open(page)
    const created = await apiCall<{ id: string; revision: number }>(page, 'flows.create', { name: 'Order status' })
    const document = { ...orderStatus(shop.url), id: created.id, name: 'Order status' }
    await apiCall(page, 'flows.save', { document, expectedRevision: created.revision })
    await page.goto(`${studio.url}/#/flows/${created.id}`)
    await page.getByRole('button', { name: 'Test', exact: true }).click()
    await emulatorPanel(page).getByRole('button', { name: 'Start test' }).click()
    await expect(botMessages(page).last()).toContainText('Please type your order number')
    await type(page, '552190')
    await expect(botMessages(page).last()).toContainText('Order 552190 is shipped.')
    await shop.close()

    await page.goto(`${studio.url}/#/flows/${created.id}/logs`)
    await page.getByRole('grid', { name: 'Executions' }).locator('[data-run-id]').first().click()
    await expect(page.getByTestId('trace-status')).toHaveText('ended')
    await page.getByRole('button', { name: 'Save as test' }).click()
    const dialog = page.getByRole('dialog', { name: 'Save this run as a test' })
    // This studio's run: not masked unless asked.
    const mask = dialog.getByLabel('Mask personal data (phone, name, typed answers)')
    await expect(mask).not.toBeChecked()
    await mask.check()
    await dialog.getByLabel('Test name').fill('shipped order')
    await dialog.getByRole('button', { name: 'Save test' }).click()
    await expect(page.getByRole('status')).toContainText('Saved as the test "shipped order"')

    const [saved] = await apiCall<Array<{ name: string; yaml: string }>>(page, 'emulator.tests', { flowId: created.id })
    expect(saved!.yaml).not.toContain('552190')
    expect(saved!.yaml).toContain('order_lookup:')
    const passes = chatflowTest(document, saved!.yaml)
    expect(passes.stdout).toMatch(/^✓ .*from-run\.yaml {2}shipped order$/m)
    expect(passes.stdout.trim().split('\n').at(-1)).toBe('1 passed, 0 failed')
    expect(passes.status).toBe(0)

    // Today's flow says it otherwise: the test shows what the customer saw (-) and what the flow says now (+).
    const changed = {
      ...document,
      nodes: document.nodes.map((n) =>
        n.name === 'order_found' ? { ...n, config: { text: 'Your order {{order_number}}: {{order_state}}.' } } : n,
      ),
    }
    const fails = chatflowTest(changed, saved!.yaml)
    expect(fails.stdout).toMatch(/^✗ .*from-run\.yaml {2}shipped order$/m)
    expect(fails.stdout).toMatch(/^\s+\+ bot message 1: "Your order \d{6}: shipped\."$/m)
    expect(fails.status).toBe(1)
  } finally {
    await shop.close()
  }
})
