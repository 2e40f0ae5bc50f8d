import { buildFlow } from '../../shared/engine/testing/fixtures'
import { apiCall } from './emulator-helpers'
import { expect, test } from './fixtures'

// The contacts list says when each contact last wrote: a contact the operator typed in has never written; one who
// has just sent a message to a flow (here through the emulator) wrote "Just now", with the exact time on hover.

test('the contacts list shows when each contact last wrote', async ({ page, studio }) => {
  await studio.open(page)
  const created = await apiCall<{ id: string; revision: number }>(page, 'flows.create', { name: 'Hello' })
  const document = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['hello'] } },
      { type: 'message', name: 'message_1', config: { text: 'Hi {{customer_name}}' } },
    ],
    [['trigger_1', 'out', 'message_1']],
    { id: created.id, name: 'Hello', active: true },
  )
  await apiCall(page, 'flows.save', { document, expectedRevision: created.revision })
  const asha = await apiCall<{ id: string }>(page, 'emulator.contact', { phone: '+919800000001', name: 'Asha Rao' })
  await apiCall(page, 'emulator.start', {
    flowId: created.id,
    contactId: asha.id,
    trigger: { kind: 'keyword', text: 'hello' },
  })

  await page.getByRole('link', { name: 'Contacts' }).click()
  const table = page.getByRole('table', { name: 'Contacts' })
  await expect(table.getByRole('columnheader', { name: 'Last message' })).toBeVisible()
  const ashaRow = table.getByRole('row', { name: 'Asha Rao' })
  await expect(ashaRow.getByRole('cell', { name: 'Just now' })).toBeVisible()
  await expect(ashaRow.getByRole('cell', { name: 'Just now' })).toHaveAttribute('title', /\d/)

  await page.getByRole('button', { name: 'New contact' }).click()
  const form = page.getByRole('dialog', { name: 'New contact' })
  await form.getByLabel('Name').fill('Ravi Kumar')
  await form.getByLabel('Phone (with country code)').fill('+919800000002')
  await form.getByRole('button', { name: 'Save contact' }).click()
  await expect(form).toBeHidden()
  await expect(table.getByRole('row', { name: 'Ravi Kumar' }).getByRole('cell', { name: 'Never' })).toBeVisible()
})
