// A new user starts from an example: the flow arrives with its conversation tests and with the catalogue products
// and message templates it needs, so it runs in the emulator at once.
import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from './fixtures'
import { botMessages, emulatorPanel, phone } from './emulator-helpers'

// Every example flow the studio ships is offered, whatever their number.
const EXAMPLE_COUNT = fs
  .readdirSync(path.resolve(import.meta.dirname, '../../resources/examples'))
  .filter((f) => f.endsWith('.flow.json')).length

test('a new user opens examples from the empty flows list; they bring their tests, products and templates', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  await expect(page.getByRole('heading', { name: 'No flows yet' })).toBeVisible()
  await page.getByRole('button', { name: 'Start from an example' }).click()
  const dialog = page.getByRole('dialog', { name: 'Start from an example' })
  await expect(dialog.getByRole('list', { name: 'Examples' }).getByRole('listitem')).toHaveCount(EXAMPLE_COUNT)
  await expect(dialog.getByRole('listitem', { name: 'Tea catalogue' })).toContainText('2 tests')
  await dialog.getByRole('button', { name: 'Open Tea catalogue' }).click()

  await expect(page).toHaveURL(/#\/flows\/flw_/)
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  const emulator = emulatorPanel(page)
  await emulator.getByRole('button', { name: 'Start test' }).click()
  await expect(phone(page).getByTestId('product-card')).toContainText('TEA-SENCHA-100')
  await botMessages(page).nth(1).getByRole('button', { name: 'View items' }).click()
  const cart = phone(page).getByRole('dialog', { name: 'Products' })
  // The names come from the catalogue products the example brought along.
  await expect(cart.getByTestId('product-row').filter({ hasText: 'TEA-GYOKURO-50' })).toContainText('Gyokuro 50 g')
  await emulator.getByRole('tab', { name: 'Tests' }).click()
  await expect(emulator.getByTestId('conversation-test')).toHaveCount(2)

  await page.goto(`${studio.url}/#/`)
  await page.getByRole('button', { name: 'Examples…' }).click()
  await page
    .getByRole('dialog', { name: 'Start from an example' })
    .getByRole('button', { name: 'Open Delivery feedback' })
    .click()
  await expect(page).toHaveURL(/#\/flows\/flw_/)
  await page.goto(`${studio.url}/#/templates`)
  await expect(page.getByText('delivery_feedback').first()).toBeVisible()
  await page.goto(`${studio.url}/#/`)
  await expect(page.getByRole('link', { name: 'Tea catalogue', exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Delivery feedback', exact: true })).toBeVisible()
})
