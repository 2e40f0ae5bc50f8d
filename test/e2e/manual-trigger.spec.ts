import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { apiCall } from './emulator-helpers'
import { test, expect } from './fixtures'

const EXAMPLE = path.resolve(import.meta.dirname, '../../resources/examples/feedback-form.flow.json')

/**
 * The example "Delivery feedback" flow cut after its first message, the utility template (stored in the library here).
 * Its next step, a flow form, is an interactive message the 24-hour window refuses to a contact who has not written.
 */
async function storeExample(page: Page): Promise<string> {
  await apiCall(page, 'integrations.saveTemplate', {
    template: {
      name: 'delivery_feedback',
      language: 'en',
      category: 'UTILITY',
      header: { type: 'none' },
      body: 'Hi {{1}}, how was order {{2}}?',
      buttons: [],
    },
  })
  const example = JSON.parse(fs.readFileSync(EXAMPLE, 'utf8'))
  const keep = new Set(['n_trigger', 'n_tpl', 'n_end'])
  const doc = {
    ...example,
    nodes: example.nodes.filter((n: { id: string }) => keep.has(n.id)),
    edges: [
      { id: 'e_1', source: 'n_trigger', sourcePort: 'out', target: 'n_tpl' },
      { id: 'e_2', source: 'n_tpl', sourcePort: 'out', target: 'n_end' },
    ],
  }
  const created = await apiCall<{ id: string; revision: number }>(page, 'flows.create', { name: doc.name })
  await apiCall(page, 'flows.save', { document: { ...doc, id: created.id }, expectedRevision: created.revision })
  return doc.name as string
}

async function addContact(page: Page, name: string, phone: string, optedIn: boolean) {
  await page.getByRole('button', { name: 'New contact' }).click()
  const form = page.getByRole('dialog', { name: 'New contact' })
  await form.getByLabel('Name').fill(name)
  await form.getByLabel('Phone (with country code)').fill(phone)
  if (!optedIn) await form.getByLabel('Opted in to messages').uncheck()
  await form.getByLabel('Tags (comma separated)').fill('e2e')
  await form.getByRole('button', { name: 'Add field' }).click()
  await form.getByLabel('Field 1 name').fill('city')
  await form.getByLabel('Field 1 value').fill('Pune')
  await form.getByRole('button', { name: 'Save contact' }).click()
  await expect(form).toBeHidden()
}

test('a new user adds contacts, triggers an example flow for them and a typed number, and is refused a sixth', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  const flowName = await storeExample(page)
  await page.getByRole('link', { name: 'Contacts' }).click()
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible()
  await expect(page.getByText('No contacts yet')).toBeVisible()

  await addContact(page, 'Asha Rao', '+91 98000 00001', true)
  await addContact(page, 'Ravi Kumar', '+919800000002', false)
  const table = page.getByRole('table', { name: 'Contacts' })
  await expect(table.getByRole('row', { name: 'Ravi Kumar' })).toContainText('Opted out')
  await expect(table.getByRole('row', { name: 'Asha Rao' })).toContainText('+919800000001')
  await expect(table.getByRole('row', { name: 'Asha Rao' })).toContainText('city: Pune')

  // A number without country code is refused by the form, with the reason.
  await page.getByRole('button', { name: 'New contact' }).click()
  const form = page.getByRole('dialog', { name: 'New contact' })
  await form.getByLabel('Name').fill('No code')
  await form.getByLabel('Phone (with country code)').fill('98000 00003')
  await form.getByRole('button', { name: 'Save contact' }).click()
  await expect(form.getByRole('alert')).toContainText('country code')
  await form.getByRole('button', { name: 'Cancel' }).click()

  await page.getByLabel('Search contacts').fill('ravi')
  await expect(table.getByRole('row')).toHaveCount(2)
  await page.getByLabel('Search contacts').fill('')

  await page.goto(`${studio.url}/#/flows`)
  await page.getByRole('button', { name: `Trigger ${flowName}` }).click()
  const dialog = page.getByRole('dialog', { name: `Trigger “${flowName}”` })
  await dialog.getByLabel(/Asha Rao/).check()
  await dialog.getByLabel(/Ravi Kumar/).check()
  await dialog.getByLabel('Phone numbers with country code (one per line)').fill('+447700900123')
  await dialog.getByLabel('Trigger data: order_id').fill('A-1001')
  await dialog.getByRole('button', { name: 'Start flow' }).click()

  const results = dialog.getByRole('table', { name: 'Trigger results' })
  await expect(results.getByRole('row', { name: /Asha Rao/ })).toContainText('Succeeded')
  await expect(results.getByRole('row', { name: /Asha Rao/ })).toContainText('1 credit')
  await expect(results.getByRole('row', { name: /Ravi Kumar/ })).toContainText('Blocked')
  await expect(results.getByRole('row', { name: /Ravi Kumar/ })).toContainText('opted out')
  await expect(results.getByRole('row', { name: '+447700900123' })).toContainText('Succeeded')
  await expect(results.getByLabel('Total cost')).toHaveText('2 credits')
  await dialog.getByRole('button', { name: 'Close' }).click()

  // Six at once: refused before anything is sent.
  await page.getByRole('button', { name: `Trigger ${flowName}` }).click()
  await dialog.getByLabel(/Asha Rao/).check()
  await dialog.getByLabel(/Ravi Kumar/).check()
  await dialog
    .getByLabel('Phone numbers with country code (one per line)')
    .fill('+447700900201\n+447700900202\n+447700900203\n+447700900204')
  await expect(dialog.getByText('6 of 5 chosen')).toBeVisible()
  await dialog.getByRole('button', { name: 'Start flow' }).click()
  await expect(dialog.getByRole('alert')).toHaveText(
    'A flow can be started for at most 5 contacts at a time; 6 are chosen. Remove 1.',
  )
  await expect(dialog.getByRole('table', { name: 'Trigger results' })).toHaveCount(0)
  const contacts = await apiCall<{ contacts: Array<{ phone: string }> }>(page, 'contacts.list', {})
  expect(contacts.contacts.map((c) => c.phone)).not.toContain('+447700900201')

  // Deleting a contact asks first.
  await dialog.getByRole('button', { name: 'Close' }).click()
  await page.getByRole('link', { name: 'Contacts' }).click()
  await page.getByRole('button', { name: 'Delete Ravi Kumar' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete contact' }).click()
  await expect(table.getByRole('row', { name: 'Ravi Kumar' })).toHaveCount(0)
  await expect(table.getByRole('row', { name: 'Asha Rao' })).toBeVisible()
})
