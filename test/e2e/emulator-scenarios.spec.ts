import { test, expect } from './fixtures'
import { botMessages, londonDay, openExample, phone, type } from './emulator-helpers'

test('appointment: the list menu opens a sheet, a row is picked, header and footer render, the untried route is listed', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  await openExample(page, 'appointment.flow.json')
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  await type(page, 'book')
  const menu = botMessages(page).last()
  await expect(menu).toContainText('Studio Aurora')
  await expect(menu).toContainText('which service would you like to book?')
  await expect(menu.locator('.chat-footer')).toContainText('Open Mon–Sat')
  await menu.getByRole('button', { name: 'See services' }).click()
  const sheet = phone(page).getByRole('dialog', { name: 'See services' })
  await expect(sheet.getByText('45 min · from €35')).toBeVisible()
  await sheet.getByRole('radio', { name: 'Colour' }).check()
  await sheet.getByRole('button', { name: 'Send' }).click()
  await expect(phone(page).getByTestId('customer-message').last()).toHaveText(/Colour/)
  await expect(botMessages(page).last()).toContainText('Which day suits you for your Colour?')
  await type(page, 'yesterday')
  await expect(botMessages(page).last()).toContainText('has already passed.')
  await expect(botMessages(page).last()).toContainText('Please tell me a day in the next three months')
  // "tomorrow" is counted on the studio's real clock in the flow's time zone (a test across London midnight sees either day).
  const before = londonDay(1)
  await type(page, 'tomorrow')
  await expect(botMessages(page).last()).toContainText(new RegExp(`Booked: Colour on (${before}|${londonDay(1)})\\.`))
  await page
    .getByRole('complementary', { name: 'Emulator' })
    .getByRole('tab', { name: /Coverage/ })
    .click()
  await expect(page.getByRole('complementary', { name: 'Emulator' }).getByText('by_service → Nails')).toBeVisible()
})

test('order status: HTTP Call from its sample, then a simulated failure takes the failure branch', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  await openExample(page, 'order-status.flow.json')
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  const emulator = page.getByRole('complementary', { name: 'Emulator' })
  await emulator.getByLabel('HTTP mode of order_lookup').selectOption('sample')
  await emulator.getByRole('button', { name: 'Start test' }).click()
  await expect(botMessages(page).last()).toContainText('Please type your order number')
  await type(page, '104823')
  const found = botMessages(page).last()
  await expect(found).toContainText('Carrier: DHL Express')
  await expect(found.locator('strong')).toHaveText('104823') // *104823* is bold in the channel's formatting

  await emulator.getByLabel('HTTP mode of order_lookup').selectOption('fail')
  await type(page, 'order')
  await type(page, '104823')
  await expect(botMessages(page).last()).toContainText("Sorry, we couldn't find order 104823")
  await emulator.getByRole('tab', { name: 'Variables' }).click()
  await expect(emulator.getByTestId('var-order_lookup')).toContainText('Simulated failure')
})
