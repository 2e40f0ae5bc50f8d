import { test, expect } from './fixtures'
import { botMessages, openExample, phone } from './emulator-helpers'

// The phone offers the waiting node's declared samples as quick answers (renderer/emulator/suggestions.ts); a tap
// sends one as the customer's message.
test('quick answers at a Question: offered while it waits, a tap answers it, gone once nothing waits', async ({
  page,
  studio,
}, testInfo) => {
  await studio.open(page)
  await openExample(page, 'age-gate.flow.json')
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  const emulator = page.getByRole('complementary', { name: 'Emulator' })
  await emulator.getByRole('button', { name: 'Start test' }).click()
  await expect(botMessages(page).last()).toContainText('How old are you?')
  const quick = phone(page).getByRole('group', { name: 'Suggested answers' })
  await expect(quick.getByRole('button').first()).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('suggestions.png') })
  const first = quick.getByRole('button').first()
  const label = (await first.textContent()) ?? ''
  expect(label.trim()).not.toBe('')
  await first.click()
  await expect(phone(page).getByTestId('customer-message').last()).toContainText(label.trim())
  // An adult age ends the run: nothing waits, nothing is offered.
  await expect(botMessages(page).last()).not.toContainText('How old are you?')
  await expect(quick).toHaveCount(0)
})
