// The pictures of docs/logs.md's "Traffic on the canvas" (`node scripts/screenshot.mjs --only traffic`): a flow whose
// runs the emulator made in two revisions (customers who picked the size on offer, who asked for another, and who
// never answered), drawn with the Traffic switch on, a goal set; then the two revisions side by side.
import { call } from './studio-call.mjs'

const node = (id, type, name, x, y, config) => ({ id, type, name, position: { x, y }, config })
const sizes = (confirm) => ({
  format: 'chatflow.flow/1',
  name: 'Shoe sizes',
  active: true,
  nodes: [
    node('n_trigger', 'trigger', 'trigger_1', 0, 140, { kind: 'keyword', keywords: ['sizes'], matchMode: 'exact' }),
    node('n_ask', 'question', 'ask_size', 330, 140, { prompt: 'Which size, S, M or L?', saveTo: 'size' }),
    node('n_check', 'condition', 'in_stock', 660, 140, {
      rules: [{ left: '{{size}}', operator: 'equals', right: 'M' }],
    }),
    node('n_confirm', 'message', 'confirm', 990, 40, { text: confirm }),
    node('n_sorry', 'message', 'sorry', 990, 300, { text: 'Sorry, only M is in stock today.' }),
    node('n_end', 'end', 'end_1', 1320, 160, {}),
  ],
  edges: [
    { id: 'e_1', source: 'n_trigger', sourcePort: 'out', target: 'n_ask' },
    { id: 'e_2', source: 'n_ask', sourcePort: 'out', target: 'n_check' },
    { id: 'e_3', source: 'n_check', sourcePort: 'true', target: 'n_confirm' },
    { id: 'e_4', source: 'n_check', sourcePort: 'false', target: 'n_sorry' },
    { id: 'e_5', source: 'n_confirm', sourcePort: 'out', target: 'n_end' },
    { id: 'e_6', source: 'n_sorry', sourcePort: 'out', target: 'n_end' },
    { id: 'e_7', source: 'n_ask', sourcePort: 'failure', target: 'n_sorry' },
  ],
})

/** One customer each: their answer to the size question, or null for one who never answers. */
async function customers(page, flowId, answers) {
  for (const answer of answers) {
    const contact = await call(page, 'emulator.newContact', {})
    const target = { flowId, contactId: contact.id }
    await call(page, 'emulator.start', { ...target, trigger: { kind: 'keyword', text: 'sizes' } })
    if (answer) await call(page, 'emulator.send', { ...target, event: { type: 'text', text: answer } })
  }
}

export async function trafficTour(page, url, theme, { shoot, shots, path }) {
  const file = (view) => path.join(shots, `${view}-${theme}.png`)
  await page.goto(`${url}#/flows`)
  const created = await call(page, 'flows.create', { name: 'Shoe sizes' })
  const first = await call(page, 'flows.save', {
    document: { ...sizes('Size {{size}} is yours.'), id: created.id },
    expectedRevision: created.revision,
  })
  await customers(page, created.id, ['M', 'M', 'L', 'S', 'M', null, null, 'L', null, 'M', 'S', null])
  const second = await call(page, 'flows.save', {
    document: { ...sizes('Size {{size}} is yours. Delivery is free today.'), id: created.id },
    expectedRevision: first.revision,
  })
  await customers(page, created.id, ['M', 'M', 'L', 'M', null, 'M'])

  await page.goto(`${url}#/flows/${created.id}`)
  await page.getByRole('switch', { name: 'Traffic' }).check()
  const panel = page.getByRole('region', { name: 'Traffic' })
  await panel.getByRole('combobox', { name: 'Goal' }).selectOption({ label: 'confirm' })
  await panel.getByTestId('traffic-funnel').waitFor()
  await page.getByRole('button', { name: /fit view/i }).click()
  await page.locator('.react-flow__edge[data-id="e_3"] .react-flow__edge-interaction').hover({ force: true })
  await shoot(page, file('traffic'), { keepMouse: true })

  await panel
    .getByRole('combobox', { name: 'Revision', exact: true })
    .selectOption({ label: `revision ${first.revision}` })
  await panel
    .getByRole('combobox', { name: 'Side by side with' })
    .selectOption({ label: `revision ${second.revision}` })
  await panel.getByRole('table', { name: 'Side by side' }).waitFor()
  await shoot(page, file('traffic-compare'))
}
