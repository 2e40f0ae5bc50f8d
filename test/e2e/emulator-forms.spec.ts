import fs from 'node:fs'
import path from 'node:path'
import { test, expect } from './fixtures'
import {
  addFeedbackTemplate,
  apiCall,
  botMessages,
  emulatorPanel,
  expectCoverage,
  openExample,
  phone,
  saveAndPass,
  stockTeaCatalogue,
} from './emulator-helpers'

test('feedback form: full-screen form with validation, mapped variables, both ratings to 100%, the saved test passes', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  await addFeedbackTemplate(page)
  await openExample(page, 'feedback-form.flow.json')
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  const emulator = emulatorPanel(page)

  const startWebhook = async (orderId: string) => {
    await expect(emulator.getByRole('radio', { name: 'Webhook' })).toBeChecked()
    await emulator.getByLabel('Trigger data').fill(`{ order_id: '${orderId}' }`)
    await emulator.getByRole('button', { name: 'Start test' }).click()
    await expect(botMessages(page).last()).toContainText(`How did we do with order ${orderId}?`)
  }

  // A poor rating with consent to call: the apology branch.
  await startWebhook('A-7')
  await expect(botMessages(page).first()).toContainText('delivery_feedback')
  await botMessages(page).last().getByRole('button', { name: 'Rate delivery' }).click()
  const form = phone(page).getByRole('dialog', { name: 'Rate your delivery' })
  await form.getByRole('button', { name: 'Continue' }).click()
  await expect(form.getByRole('alert').filter({ hasText: 'Overall rating is required.' })).toBeVisible()
  await expect(form.getByRole('alert').filter({ hasText: 'Arrived on time? is required.' })).toBeVisible()
  await form.getByRole('radio', { name: 'Poor', exact: true }).check()
  await form.getByLabel('Arrived on time? *').selectOption('no')
  await form.getByRole('button', { name: 'Continue' }).click()
  const details = phone(page).getByRole('dialog', { name: 'Anything to add?' })
  await details.getByLabel('Comments').fill('Late and cold')
  await details.getByLabel('You may contact me about it').check()
  await details.getByRole('button', { name: 'Submit' }).click()
  await expect(botMessages(page).last()).toContainText(
    "We're sorry order A-7 disappointed you. Someone from our team will call +15550100000 today.",
  )
  await emulator.getByRole('tab', { name: 'Variables' }).click()
  await expect(emulator.getByTestId('var-feedback_rating')).toContainText('2')
  await expect(emulator.getByTestId('var-feedback_comments')).toContainText('Late and cold')
  await expect(emulator.getByTestId('var-may_contact')).toContainText('true')

  // A good rating: the thank-you branch.
  await emulator.getByRole('tab', { name: 'Start' }).click()
  await startWebhook('A-8')
  await botMessages(page).last().getByRole('button', { name: 'Rate delivery' }).click()
  await form.getByRole('radio', { name: 'Excellent' }).check()
  await form.getByLabel('Arrived on time? *').selectOption('yes')
  await form.getByRole('button', { name: 'Continue' }).click()
  await details.getByRole('button', { name: 'Submit' }).click()
  await expect(botMessages(page).last()).toContainText('Thanks for your feedback, Test Customer!')
  await saveAndPass(page, 'excellent')
  await expectCoverage(page, '100%')
})

test('feedback form in a fresh studio: the missing template is named, with where to add it', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  await openExample(page, 'feedback-form.flow.json')
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  const emulator = emulatorPanel(page)
  await emulator.getByRole('button', { name: 'Start test' }).click()
  const failed = emulator.getByRole('alert').filter({ hasText: 'Run failed' })
  await expect(failed).toContainText("There is no template 'delivery_feedback'")
  await failed.getByRole('link', { name: 'Open the template library' }).click()
  await expect(page).toHaveURL(/#\/templates$/)
})

test('catalogue: product card and list, a cart sent as an order, the order in the variables, saved test passes', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  await stockTeaCatalogue(page)
  await openExample(page, 'catalogue.flow.json')
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  const emulator = emulatorPanel(page)
  await emulator.getByRole('button', { name: 'Start test' }).click()
  await expect(botMessages(page).last()).toContainText('When your cart is ready, send it here')
  await expect(phone(page).getByTestId('product-card')).toContainText('TEA-SENCHA-100')
  await expect(botMessages(page).nth(1)).toContainText('Autumn tea selection')
  await expectCoverage(page, '100%')
  await saveAndPass(page, 'browse')

  // The example ends after its hint; this copy waits for the cart with a Question and answers from {{order}}.
  const doc = JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, '../../resources/examples/catalogue.flow.json'), 'utf8'),
  )
  const waiting = {
    ...doc,
    name: 'Catalogue with cart',
    nodes: [
      ...doc.nodes.filter((n: { id: string }) => n.id !== 'n_note'),
      {
        id: 'n_cart',
        type: 'question',
        name: 'await_cart',
        position: { x: 900, y: 0 },
        config: {
          prompt: 'Send your cart with a note when ready.',
          saveTo: 'cart_note',
          answerType: 'text',
          maxAttempts: 1,
        },
      },
      {
        id: 'n_total',
        type: 'message',
        name: 'order_ack',
        position: { x: 1200, y: 0 },
        config: {
          text: 'Got {{order.product_items.0.quantity}} × {{order.product_items.0.product_retailer_id}} ({{cart_note}}).',
        },
      },
    ],
    edges: [
      ...doc.edges.filter((e: { source: string; target: string }) => e.source !== 'n_note' && e.target !== 'n_note'),
      { id: 'e_cart', source: 'n_mpm', sourcePort: 'out', target: 'n_cart' },
      { id: 'e_ack', source: 'n_cart', sourcePort: 'out', target: 'n_total' },
      { id: 'e_end', source: 'n_total', sourcePort: 'out', target: 'n_end' },
    ],
  }
  const created = await apiCall<{ id: string; revision: number }>(page, 'flows.create', { name: waiting.name })
  await apiCall(page, 'flows.save', { document: { ...waiting, id: created.id }, expectedRevision: created.revision })
  await page.goto(`${studio.url}/#/flows/${created.id}`)
  // The emulator stays open from one flow to the next.
  await expect(page.getByRole('button', { name: 'Close test' })).toBeVisible()
  await emulator.getByRole('button', { name: 'Start test' }).click()
  await expect(botMessages(page).last()).toContainText('Send your cart with a note when ready.')
  await botMessages(page).nth(1).getByRole('button', { name: 'View items' }).click()
  const cart = phone(page).getByRole('dialog', { name: 'Products' })
  await expect(cart.getByTestId('product-row')).toHaveCount(6)
  // Names, prices and the currency come from the studio's catalogue.
  await expect(cart.getByTestId('product-row').filter({ hasText: 'TEA-GYOKURO-50' })).toContainText('Gyokuro 50 g')
  await expect(cart.getByLabel('Price of TEA-GYOKURO-50')).toHaveValue('18')
  await expect(cart.getByLabel('Currency')).toHaveValue('EUR')
  await cart.getByRole('button', { name: 'Add one TEA-GYOKURO-50' }).click()
  await cart.getByRole('button', { name: 'Add one TEA-GYOKURO-50' }).click()
  await expect(cart.getByLabel('Quantity of TEA-GYOKURO-50')).toHaveText('2')
  await cart.getByLabel('Order note').fill('gift wrap')
  await cart.getByRole('button', { name: 'Send order (2)' }).click()
  await expect(botMessages(page).last()).toContainText('Got 2 × TEA-GYOKURO-50 (gift wrap).')
  await emulator.getByRole('tab', { name: 'Variables' }).click()
  await expect(emulator.getByTestId('var-order')).toContainText('TEA-GYOKURO-50')
  await expect(emulator.getByTestId('var-order')).toContainText('1184729301')
  await expect(emulator.getByTestId('var-order')).toContainText('EUR')
  await saveAndPass(page, 'two gyokuro as a gift')
  // Saving opens the test's YAML.
  await expect(emulator.locator('.emu-yaml')).toContainText('product_retailer_id: TEA-GYOKURO-50')
})
