import { test, expect } from './fixtures'
import { botMessages, openExample, phone, type } from './emulator-helpers'

// The phone keeps its newest row in view by CSS (a column-reverse scroller), not by scrolling from script after each
// render (issue 32: that forced a layout of the whole page in the middle of every Step). A conversation longer than
// the phone must still show its last bubble without the tester scrolling.
test('a conversation longer than the phone shows its newest bubble without scrolling', async ({ page, studio }) => {
  await studio.open(page)
  await openExample(page, 'age-gate.flow.json')
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  const emulator = page.getByRole('complementary', { name: 'Emulator' })
  // Few rows start at the top of the phone, as before.
  await emulator.getByRole('button', { name: 'Start test' }).click()
  await expect(botMessages(page).last()).toContainText('How old are you?')
  const chat = phone(page).getByRole('log')
  const top = async (el: ReturnType<typeof botMessages>) => (await el.boundingBox())!.y - (await chat.boundingBox())!.y
  expect(await top(botMessages(page).first())).toBeLessThan(60)

  // One run (a new one clears the phone): under age, Try again, under age… until it is several times the phone's height.
  for (let i = 0; i < 8; i++) {
    await type(page, String(10 + i))
    await expect(botMessages(page).last()).toContainText(`You typed ${10 + i}.`)
    await botMessages(page).last().getByRole('button', { name: 'Try again' }).click()
    await expect(phone(page).getByTestId('customer-message').last()).toContainText('Try again')
    await expect(botMessages(page).last()).toContainText('How old are you?')
  }
  const heights = await chat.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }))
  expect(heights.scroll).toBeGreaterThan(2 * heights.client)
  await expect(botMessages(page).last()).toBeInViewport()
  await expect(botMessages(page).first()).not.toBeInViewport()
})
