import { test, expect } from './fixtures'
import { panel as nodePanel } from './editor-helpers'
import { botMessages, openExample, type } from './emulator-helpers'

// Issue 34: the customer-service example in the emulator: free text that fits no intent takes `other`; the Extract
// nodes take the order number and the day from the classified message and ask only for what is missing; the Extract
// panel edits its slots.
test('customer service: other port, slots from the message and asked for, the Extract panel', async ({
  page,
  studio,
}, testInfo) => {
  await studio.open(page)
  await openExample(page, 'customer-service.flow.json')
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  const emulator = page.getByRole('complementary', { name: 'Emulator' })
  await expect(emulator.getByLabel('Keyword message')).toHaveValue('help')
  await emulator.getByRole('button', { name: 'Start test' }).click()
  await expect(botMessages(page).last()).toContainText('How can I help you today?')

  // Nothing like any intent's examples: the `other` port.
  await type(page, "what's the weather like on the moon")
  await expect(botMessages(page).last()).toContainText('Sorry, I can only help with orders')
  await emulator.getByRole('tab', { name: 'Variables' }).click()
  await expect(emulator.getByTestId('var-what_needed')).toContainText('other')

  // Both slots in the classified message: nothing is asked.
  await type(page, 'help')
  await type(page, 'can you deliver order 104823 on 3 Dec instead')
  await expect(botMessages(page).last()).toContainText(/order 104823 will now be delivered on \d{4}-12-03/)

  // A misspelled cancel without its order number: asked for. The step that asked is the Extract's; its panel shows
  // the slots as generated fields.
  await type(page, 'help')
  await type(page, 'i want to cancell my ordr')
  await expect(botMessages(page).last()).toContainText('What is your order number?')
  await botMessages(page).last().click()
  await expect(emulator.getByTestId('trace-step')).toContainText('cancel_order')
  await emulator.getByTestId('trace-step').getByRole('button', { name: 'Show node' }).click()
  const panel = nodePanel(page)
  await expect(panel.getByLabel('Node Name')).toHaveValue('cancel_order')
  await expect(panel.getByLabel('Slot 1 name')).toHaveValue('order')
  await expect(panel.getByLabel('Slot 1 type')).toHaveValue('pattern')
  await expect(panel.getByLabel('Slot 1 pattern')).toHaveValue('\\d{6}')
  await type(page, '104823')
  await expect(botMessages(page).last()).toContainText('Order 104823 is cancelled')

  // The pattern field is there for a pattern slot only.
  await panel.getByLabel('Slot 1 type').selectOption('date')
  await expect(panel.getByLabel('Slot 1 pattern')).toHaveCount(0)
  await panel.screenshot({ path: testInfo.outputPath('extract-panel.png') })
})
