// The pictures of docs/runtime.md's broadcasts and takeovers (`node scripts/screenshot.mjs --only runtime`), taken in
// the studio as a person does it: a broadcast from a CSV with refused rows, its dry run, then its results; a
// conversation handed over from the emulator with the person's side, and the same takeover on the Contacts screen.
import fs from 'node:fs'
import path from 'node:path'
import { call } from './studio-call.mjs'

async function storeFlow(page, doc) {
  const created = await call(page, 'flows.create', { name: doc.name })
  await call(page, 'flows.save', { document: { ...doc, id: created.id }, expectedRevision: created.revision })
  return created.id
}

/** The "Delivery feedback" example cut after its utility template: a flow that may reach anyone. */
function feedbackStart(root) {
  const example = JSON.parse(fs.readFileSync(path.join(root, 'resources/examples/feedback-form.flow.json'), 'utf8'))
  const keep = new Set(['n_trigger', 'n_tpl', 'n_end'])
  return {
    ...example,
    nodes: example.nodes.filter((n) => keep.has(n.id)),
    edges: [
      { id: 'e_1', source: 'n_trigger', sourcePort: 'out', target: 'n_tpl' },
      { id: 'e_2', source: 'n_tpl', sourcePort: 'out', target: 'n_end' },
    ],
  }
}

export const REFUND_DESK = {
  format: 'chatflow.flow/1',
  name: 'Refund desk',
  active: true,
  nodes: [
    {
      id: 'n_trigger',
      type: 'trigger',
      name: 'trigger_1',
      position: { x: 0, y: 0 },
      config: { kind: 'keyword', keywords: ['refund'], matchMode: 'exact' },
    },
    {
      id: 'n_hand',
      type: 'hand_over',
      name: 'hand_over_1',
      position: { x: 340, y: 0 },
      config: { message: 'A person from our team will answer you here.', note: 'Refund request', notify: true },
    },
    {
      id: 'n_back',
      type: 'message',
      name: 'back_with_bot',
      position: { x: 680, y: 0 },
      config: { text: 'The bot again. Resolved: {{hand_over_1.handover.variables.resolved}}' },
    },
    { id: 'n_end', type: 'end', name: 'end_1', position: { x: 1020, y: 0 }, config: {} },
  ],
  edges: [
    { id: 'e_1', source: 'n_trigger', sourcePort: 'out', target: 'n_hand' },
    { id: 'e_2', source: 'n_hand', sourcePort: 'returned', target: 'n_back' },
    { id: 'e_3', source: 'n_back', sourcePort: 'out', target: 'n_end' },
  ],
}

const CSV = [
  'phone,name,city,var.order_id',
  '+447700900101,Asha Rao,Pune,A-1001',
  '+447700900102,Ravi Kumar,Leeds,A-1002',
  '+447700900103,Mei Chen,London,A-1003',
  '+447700900104,Tom Okafor,Leeds,A-1004',
  '12345,Not a number,Pune,A-1',
  '+447700900101,Asha again,Pune,A-2',
  ',Nobody,Leeds,A-3',
].join('\n')

export async function runtimeTour(page, url, theme, { root, shoot, shots }) {
  const file = (view) => path.join(shots, `${view}-${theme}.png`)
  await page.goto(`${url}#/flows`)
  await call(page, 'integrations.saveTemplate', {
    template: {
      name: 'delivery_feedback',
      language: 'en',
      category: 'UTILITY',
      header: { type: 'none' },
      body: 'Hi {{1}}, how was order {{2}}?',
      buttons: [],
    },
  })
  await storeFlow(page, feedbackStart(root))

  // A broadcast from a CSV: the refused rows and the dry run, then its results.
  await page.goto(`${url}#/broadcasts`)
  await page.getByRole('button', { name: 'New broadcast' }).first().click()
  const dialog = page.getByRole('dialog', { name: /New broadcast/ })
  await dialog.getByLabel('Name').fill('Delivery feedback, December')
  await dialog.getByLabel('Flow').selectOption({ label: 'Delivery feedback' })
  await dialog.getByLabel('Phone numbers from a CSV file').check()
  await dialog.getByLabel('Or paste the CSV').fill(CSV)
  await dialog.getByRole('button', { name: 'Import CSV' }).click()
  await dialog.getByRole('table', { name: 'Refused rows' }).waitFor()
  await dialog.getByRole('button', { name: 'Dry run' }).click()
  await dialog.getByRole('heading', { name: 'Dry run' }).waitFor()
  await dialog.getByRole('heading', { name: 'Dry run' }).evaluate((h) => h.scrollIntoView({ block: 'center' }))
  await shoot(page, file('broadcast-dry-run'))
  await dialog.getByRole('button', { name: 'Start broadcast' }).click()
  await page.getByRole('heading', { name: 'Delivery feedback, December', level: 2 }).waitFor()
  await page.getByRole('status', { name: 'Status' }).getByText('Done').waitFor({ timeout: 30_000 })
  await shoot(page, file('broadcasts'))

  // A conversation handed over from the emulator: the person's side, then the Contacts screen's view of it.
  const flowId = await storeFlow(page, REFUND_DESK)
  await page.goto(`${url}#/flows/${flowId}`)
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  const phone = page.getByLabel('Phone emulator')
  const say = async (text) => {
    await phone.getByLabel('Message').fill(text)
    await phone.getByLabel('Message').press('Enter')
    await phone.getByTestId('typing').waitFor({ state: 'detached' })
  }
  await say('refund')
  await say('I was charged twice for order A-1001')
  const person = page.getByRole('region', { name: 'The person' })
  await person.getByLabel('Reply as the person').fill('Sorry about that! I have refunded the second charge.')
  await person.getByRole('button', { name: 'Send as the person' }).click()
  await phone.getByText('I have refunded the second charge').waitFor()
  await person.getByLabel('Variables for the flow (JSON, optional)').fill('{"resolved": "yes"}')
  await shoot(page, file('takeover'))

  await page.goto(`${url}#/contacts`)
  await page.getByRole('button', { name: 'Conversation with Test Customer' }).click()
  await page.getByRole('list', { name: 'Conversation with a person' }).getByText('charged twice').waitFor()
  await shoot(page, file('takeover-contacts'))
  await page.keyboard.press('Escape')
}
