// Each example flow taken to 100% branch coverage in the emulator alone, as a tester would: every row and button,
// wrong answers until a question gives up, an HTTP Call from its sample and failing, and the one branch no customer
// can reach (a router's else when every row has a route) by starting the test at the router.
import { test, expect } from './fixtures'
import { botMessages, emulatorPanel, expectCoverage, openExample, pickRow, saveAndPass, type } from './emulator-helpers'

test('appointment to 100%: every service row, both language rows, a wrong date until it gives up, and the router else from a start at the router', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  await openExample(page, 'appointment.flow.json')
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  const emulator = emulatorPanel(page)
  const last = () => botMessages(page).last()

  await type(page, 'book')
  await pickRow(page, 'See services', 'Haircut')
  await expect(last()).toContainText('Which day suits you for your Haircut?')
  await type(page, 'Thursday')
  await expect(last()).toContainText(/Booked: Haircut on \d{4}-\d{2}-\d{2}\./)

  await type(page, 'book')
  await pickRow(page, 'See services', 'Colour')
  for (const wrong of ['soon', 'later', 'whenever']) await type(page, wrong)
  await expect(emulator.getByTestId('run-status')).toHaveText('ended (completed)')

  await type(page, 'book')
  await pickRow(page, 'See services', 'Manicure')
  await expect(last()).toContainText('Which day suits you for your Manicure?')
  await type(page, 'tomorrow')
  await expect(last()).toContainText(/Booked: Manicure on \d{4}-\d{2}-\d{2}\./)
  // The Language rows: Español sets Spanish and shows the menu again in it; English sets English back.
  await type(page, 'book')
  await pickRow(page, 'See services', 'Español')
  await expect(last()).toContainText('¿qué servicio quieres reservar?')
  await pickRow(page, 'Ver servicios', 'English')
  await expect(last()).toContainText('which service would you like to book?')
  await pickRow(page, 'See services', 'Pedicure')
  await expect(last()).toContainText('Which day suits you for your Pedicure?')
  await expectCoverage(page, '88%')
  await expect(emulator.getByRole('button', { name: /^by_service → else/i })).toBeVisible()

  // Every row has a route, so only a start at the router with no row chosen takes its else.
  await emulator.getByRole('tab', { name: 'Start' }).click()
  await emulator.getByLabel('Start at').selectOption({ label: 'by_service' })
  await emulator.getByRole('button', { name: 'Start test' }).click()
  await expect(last()).toContainText('Sorry, I did not recognise that service.')
  await expectCoverage(page, '100%')
  await saveAndPass(page, 'unknown service from the router')
})

test('lead capture to 100%: the happy path and each question giving up', async ({ page, studio }) => {
  await studio.open(page)
  await openExample(page, 'lead-capture.flow.json')
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  const last = () => botMessages(page).last()

  await type(page, 'demo')
  await type(page, 'Ana Lima')
  await type(page, 'ana@acme.com')
  await type(page, 'Acme Robotics')
  await expect(last()).toContainText(
    'Thank you, Ana Lima! A sales specialist will write to ana@acme.com within one business day about Acme Robotics.',
  )

  await type(page, 'demo')
  await type(page, 'B')
  await expect(last()).toContainText('Please type your name (2 to 80 characters).')
  await type(page, '?')
  await expect(last()).toContainText('No problem, we can do this later.')

  await type(page, 'demo')
  await type(page, 'Ana Lima')
  for (const wrong of ['ana', 'ana@', 'ana@acme']) await type(page, wrong)
  await expect(last()).toContainText('No problem, we can do this later.')

  await type(page, 'demo')
  await type(page, 'Ana Lima')
  await type(page, 'ana@acme.com')
  const tooLong = 'x'.repeat(121)
  await type(page, tooLong)
  await expect(last()).toContainText('Please type the company name.')
  await type(page, tooLong)
  await expect(last()).toContainText('No problem, we can do this later.')
  await expectCoverage(page, '100%')
  await saveAndPass(page, 'company name too long twice')
})

test('order status to 100%: found from the sample, the lookup failing, and too many wrong numbers', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  await openExample(page, 'order-status.flow.json')
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  const emulator = emulatorPanel(page)
  const last = () => botMessages(page).last()

  await emulator.getByLabel('HTTP mode of order_lookup').selectOption('sample')
  await type(page, 'order')
  await type(page, '104823')
  await expect(last()).toContainText('Carrier: DHL Express')
  await saveAndPass(page, 'found from the sample')

  await emulator.getByRole('tab', { name: 'Start' }).click()
  await emulator.getByLabel('HTTP mode of order_lookup').selectOption('fail')
  await type(page, 'order')
  await type(page, '104823')
  await expect(last()).toContainText("Sorry, we couldn't find order 104823")

  await type(page, 'order')
  for (const wrong of ['12', 'abc', '1234567']) await type(page, wrong)
  await expect(last()).toContainText("Let's stop here.")
  await expectCoverage(page, '100%')
})
