import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { apiCall } from './emulator-helpers'
import { expect } from './fixtures'

const EXAMPLE = path.resolve(import.meta.dirname, '../../resources/examples/feedback-form.flow.json')

export const FEEDBACK_TEMPLATE = {
  name: 'delivery_feedback',
  language: 'en',
  category: 'UTILITY',
  header: { type: 'none' },
  body: 'Hi {{1}}, how was order {{2}}?',
  buttons: [],
}

/** The example "Delivery feedback" cut after its first message, a utility template (stored in the library here):
 *  a flow that can reach contacts outside their 24-hour window, as a broadcast's flow should. */
export function feedbackStart(): Record<string, unknown> {
  const example = JSON.parse(fs.readFileSync(EXAMPLE, 'utf8'))
  const keep = new Set(['n_trigger', 'n_tpl', 'n_end'])
  return {
    ...example,
    nodes: example.nodes.filter((n: { id: string }) => keep.has(n.id)),
    edges: [
      { id: 'e_1', source: 'n_trigger', sourcePort: 'out', target: 'n_tpl' },
      { id: 'e_2', source: 'n_tpl', sourcePort: 'out', target: 'n_end' },
    ],
  }
}

/** Stores the cut feedback flow (and its template) in the studio; its id. */
export async function storeFeedbackStart(page: Page): Promise<{ id: string; name: string }> {
  await apiCall(page, 'integrations.saveTemplate', { template: FEEDBACK_TEMPLATE })
  const doc = feedbackStart()
  const created = await apiCall<{ id: string; revision: number }>(page, 'flows.create', { name: doc.name })
  await apiCall(page, 'flows.save', { document: { ...doc, id: created.id }, expectedRevision: created.revision })
  return { id: created.id, name: doc.name as string }
}

/** A CSV of `good` valid numbers (+44 7700 900xxx, with a city and an order id for the template) and three rows the
 *  import must refuse: a number that is no number, the first number again, and a row without one. */
export function contactsCsv(good: number): string {
  const rows = ['phone,name,city,var.order_id']
  for (let i = 0; i < good; i++)
    rows.push(`+4477009001${String(i).padStart(2, '0')},Customer ${i + 1},Pune,A-${1000 + i}`)
  rows.push('12345,Not a number,Pune,A-1')
  rows.push('+447700900100,Customer 1 again,Pune,A-2')
  rows.push(',Nobody,Pune,A-3')
  return rows.join('\n')
}

/** New broadcast: name, flow, the CSV pasted and imported; the dialog. */
export async function newCsvBroadcast(page: Page, name: string, flowName: string, csv: string) {
  await page.getByRole('button', { name: 'New broadcast' }).first().click()
  const dialog = page.getByRole('dialog', { name: /New broadcast/ })
  await dialog.getByLabel('Name').fill(name)
  await dialog.getByLabel('Flow').selectOption({ label: flowName })
  await dialog.getByLabel('Phone numbers from a CSV file').check()
  await dialog.getByLabel('Or paste the CSV').fill(csv)
  await dialog.getByRole('button', { name: 'Import CSV' }).click()
  await expect(dialog.getByRole('status').filter({ hasText: 'imported' })).toBeVisible()
  return dialog
}
