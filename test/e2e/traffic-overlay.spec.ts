import { apiCall } from './emulator-helpers'
import { expect, test } from './fixtures'
import { card, expectCardTraffic, sizesFlow } from './traffic-overlay-helpers'

// The Traffic overlay over the studio's own runs: the emulator's customers in two revisions of a flow, drawn on the
// canvas from the keyboard, a goal picked in the column, the two revisions side by side, in the dark theme too.

test('traffic of the studio’s own runs: counts, a goal, two revisions side by side, light and dark', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  const created = await apiCall<{ id: string; revision: number }>(page, 'flows.create', { name: 'Sizes' })
  const save = (doc: object, expectedRevision: number) =>
    apiCall<{ revision: number }>(page, 'flows.save', { document: { ...doc, id: created.id }, expectedRevision })
  const customers = async (answers: Array<string | null>) => {
    for (const answer of answers) {
      const contact = await apiCall<{ id: string }>(page, 'emulator.newContact', {})
      const target = { flowId: created.id, contactId: contact.id }
      await apiCall(page, 'emulator.start', { ...target, trigger: { kind: 'keyword', text: 'sizes' } })
      if (answer) await apiCall(page, 'emulator.send', { ...target, event: { type: 'text', text: answer } })
    }
  }
  const first = await save(sizesFlow('Sizes'), created.revision)
  await customers(['M', 'L', null])
  const second = await save(sizesFlow('Sizes', 'Size {{size}} is yours.'), first.revision)
  await customers(['M', 'M'])

  await page.goto(`${studio.url}/#/flows/${created.id}`)
  await expect(card(page, 'ask')).toBeVisible()
  await page.keyboard.press('Alt+Shift+T')
  await expect(page.getByRole('switch', { name: 'Traffic' })).toBeChecked()
  const panel = page.getByRole('region', { name: 'Traffic' })
  await expect(panel.getByTestId('traffic-summary')).toContainText('5 runs started last 30 days: 4 ended')
  await expectCardTraffic(page, 'ask', /^Traffic: 5 reached; 1 stopped here \(1 waiting\)/)
  await expectCardTraffic(page, 'confirm', 'Traffic: 3 reached; none stopped here')
  await expect(card(page, 'ask').locator('.flow-card-traffic')).toContainText('5 reached1 stopped')

  await panel.getByRole('combobox', { name: 'Goal' }).selectOption({ label: 'confirm' })
  await expect(panel.getByTestId('traffic-funnel')).toHaveText('reached confirm: 3 of 5, 60 %')

  await panel.getByRole('combobox', { name: 'Revision', exact: true }).selectOption(String(first.revision))
  await panel.getByRole('combobox', { name: 'Side by side with' }).selectOption(String(second.revision))
  const table = panel.getByRole('table', { name: 'Side by side' })
  await expect(table.getByRole('row', { name: /Conversion to the goal/ })).toHaveText(
    'Conversion to the goal33 % (1 of 3)100 % (2 of 2)',
  )
  await expectCardTraffic(
    page,
    'confirm',
    `Traffic: Goal. v${first.revision}: 1 reached; none stopped here. v${second.revision}: 2 reached; none stopped here`,
  )

  // Dark: the same figures, the connection's colour from the dark ramp.
  const stroke = () =>
    page.locator('.react-flow__edge[data-id="e_1"] .react-flow__edge-path').evaluate((p) => getComputedStyle(p).stroke)
  const light = await stroke()
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect.poll(stroke).not.toBe(light)
  await expectCardTraffic(page, 'ask', /v\d+: 3 reached; 1 stopped here/)
  await page.screenshot({ path: test.info().outputPath('traffic-dark.png') })
})
