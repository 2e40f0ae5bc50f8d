import fs from 'node:fs'
import { test, expect } from './fixtures'
import { card, openPanel, panel, saved } from './editor-helpers'
import { apiCall, botMessages, phone } from './emulator-helpers'

// One flow in two languages (docs/languages.md, "Designing in several languages"): Spanish added in the flow's
// settings, the canvas switched to it, a missing translation flagged on the card and in Problems, filled in the
// panel, the phone speaking Spanish to a contact whose language is Spanish with the fallback in its trace; then the
// texts out as XLIFF, one changed as a translator would, and back in through the report.

const FLOW = {
  format: 'chatflow.flow/1',
  name: 'Visits',
  active: true,
  nodes: [
    { id: 'n_t', type: 'trigger', name: 'trigger_1', position: { x: 0, y: 0 }, config: { keywords: ['hola'] } },
    {
      id: 'n_ask',
      type: 'interactive_message',
      name: 'ask',
      position: { x: 320, y: 0 },
      config: {
        mode: 'buttons',
        body: 'Shall we book a visit?',
        buttons: [
          { id: 'yes', title: 'Yes' },
          { id: 'no', title: 'No' },
        ],
      },
    },
    { id: 'n_ok', type: 'message', name: 'booked', position: { x: 640, y: 0 }, config: { text: 'See you soon!' } },
    { id: 'n_no', type: 'message', name: 'later', position: { x: 640, y: 160 }, config: { text: 'Maybe later.' } },
    { id: 'n_end', type: 'end', name: 'end_1', position: { x: 960, y: 80 }, config: {} },
  ],
  edges: [
    { id: 'e1', source: 'n_t', sourcePort: 'out', target: 'n_ask' },
    { id: 'e2', source: 'n_ask', sourcePort: 'yes', target: 'n_ok' },
    { id: 'e3', source: 'n_ask', sourcePort: 'no', target: 'n_no' },
    { id: 'e4', source: 'n_ok', sourcePort: 'out', target: 'n_end' },
    { id: 'e5', source: 'n_no', sourcePort: 'out', target: 'n_end' },
  ],
  samples: {},
  webhookSecretRef: null,
}

test('a flow in Spanish: add the language, switch the canvas, fill a missing translation, the phone speaks Spanish, XLIFF out and back in', async ({
  page,
  studio,
}, info) => {
  await studio.open(page)
  const created = await apiCall<{ id: string; revision: number }>(page, 'flows.create', { name: FLOW.name })
  await apiCall(page, 'flows.save', { document: { ...FLOW, id: created.id }, expectedRevision: created.revision })
  await page.goto(`${studio.url}/#/flows/${created.id}`)
  await expect(card(page, 'ask')).toBeVisible()
  const toolbar = page.getByRole('toolbar', { name: 'Editor' })
  // A single-language flow has no switch.
  await expect(toolbar.getByLabel('Language')).toHaveCount(0)

  // Flow settings: the empty state teaches, a name is refused, a tag is named, then added.
  await page.getByRole('button', { name: 'Flow settings' }).click()
  const settings = page.getByRole('complementary', { name: 'Flow settings' })
  await expect(settings).toContainText('This flow speaks one language')
  await settings.getByLabel('Add a language').fill('Spanish')
  await expect(settings).toContainText("'Spanish' is not a language tag")
  await settings.getByLabel('Add a language').fill('es')
  await expect(settings).toContainText('Spanish (es)')
  await settings.getByLabel('Add a language').press('Enter')
  const list = settings.getByRole('list', { name: 'Languages of this flow' })
  await expect(list.getByRole('listitem')).toHaveText([/English \(en\)\s*Default/, /Spanish \(es\)/])
  await expect(settings.getByLabel("Detect from the customer's first message")).toBeChecked()
  await settings.getByRole('button', { name: 'Close flow settings' }).click()

  // The switch, by keyboard: the cards now read Spanish, the untranslated texts greyed and marked.
  const language = toolbar.getByLabel('Language')
  await language.focus()
  await language.selectOption('es')
  await expect(language).toHaveValue('es')
  const ask = card(page, 'ask')
  await expect(ask.locator('.flow-card-missing')).toHaveText('Missing')
  await expect(ask.locator('[data-missing]').first()).toHaveText('Shall we book a visit?')
  await expect(ask).toHaveAttribute(
    'aria-description',
    /Not translated into Spanish: Body, Button 1 title, Button 2 title/,
  )
  const problems = page.getByRole('region', { name: 'Problems' })
  await expect(problems).toContainText(/ask: Spanish \(es\): .*not translated/)
  await page.screenshot({ path: info.outputPath('canvas-spanish.png') })

  // The panel edits Spanish; routing stays shared and read-only.
  const p = await openPanel(page, 'ask')
  await expect(p).toContainText('Texts in Spanish.')
  await expect(p.getByLabel('ID').first()).toBeDisabled()
  await p.getByLabel('Body in Spanish', { exact: true }).fill('¿Reservamos una visita?')
  await p.getByLabel('Title in Spanish').first().fill('Sí')
  await expect(ask.locator('.flow-card-summary')).toContainText('¿Reservamos una visita?')
  await expect(ask.locator('.flow-card-ports')).toContainText('Sí')
  // Button 2 stays untranslated: still marked, its English title sent in its place.
  await expect(ask.locator('.flow-card-missing')).toBeVisible()
  await expect(ask).toHaveAttribute('aria-description', /Not translated into Spanish: Button 2 title/)
  await page.screenshot({ path: info.outputPath('panel-spanish.png') })
  // Undo takes back one field's typing at a time.
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(ask.locator('.flow-card-ports')).not.toContainText('Sí')
  await page.getByRole('button', { name: 'Redo' }).click()
  await expect(ask.locator('.flow-card-ports')).toContainText('Sí')
  await saved(page)

  // The phone: a contact whose language is Spanish gets the Spanish texts, and the trace says what fell back.
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  const emulator = page.getByRole('complementary', { name: 'Emulator' })
  await emulator.getByLabel('Contact language').selectOption('es')
  await expect(emulator).toContainText('A new run speaks Spanish (es).')
  await emulator.getByRole('button', { name: 'Start test', exact: true }).click()
  await expect(botMessages(page).last()).toContainText('¿Reservamos una visita?')
  await expect(phone(page).getByRole('button', { name: 'Sí' })).toBeVisible()
  await expect(
    phone(page).getByLabel("Speaking Spanish (es), chosen at the start: the contact's language"),
  ).toBeVisible()
  await botMessages(page).last().click()
  await expect(emulator.getByTestId('trace-step')).toContainText('Spanish (es) text missing for Button 2 title')
  await page.screenshot({ path: info.outputPath('emulator-spanish.png') })
  await page.getByRole('button', { name: 'Close test' }).click()

  // XLIFF out, one text changed as a translator would, back in through the report, one undo step.
  await page.getByRole('button', { name: 'Flow settings' }).click()
  await settings.getByRole('button', { name: 'Export translations…' }).click()
  const exportDialog = page.getByRole('dialog', { name: 'Export translations' })
  await expect(exportDialog.getByLabel('Language')).toHaveValue('es')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    exportDialog.getByRole('button', { name: 'Download' }).click(),
  ])
  expect(download.suggestedFilename()).toBe('visits.es.xlf')
  const xliff = fs.readFileSync(await download.path(), 'utf8')
  expect(xliff).toContain('¿Reservamos una visita?')
  const file = info.outputPath('visits.es.xlf')
  fs.writeFileSync(file, xliff.replace('¿Reservamos una visita?', '¿Quiere reservar una visita?'))
  await settings.getByLabel('Translation file').setInputFiles(file)
  const report = page.getByRole('dialog', { name: 'Import visits.es.xlf' })
  await expect(report.getByRole('status')).toHaveText(
    'Spanish (es): 1 translation to change, 1 unchanged, 0 refused, 3 still missing.',
  )
  await expect(report.getByRole('list', { name: 'Translations to change' })).toContainText(
    /ask · Body\s*¿Reservamos una visita\?\s*¿Quiere reservar una visita\?/,
  )
  await page.screenshot({ path: info.outputPath('import-report.png') })
  await report.getByRole('button', { name: 'Apply 1 translation' }).click()
  await expect(report).toBeHidden()
  await expect(ask.locator('.flow-card-summary')).toContainText('¿Quiere reservar una visita?')
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(ask.locator('.flow-card-summary')).toContainText('¿Reservamos una visita?')
  await page.getByRole('button', { name: 'Redo' }).click()
  await saved(page)

  // Back on English, the cards and panel are the node configs, untouched.
  await language.selectOption('en')
  await expect(ask.locator('.flow-card-summary')).toContainText('Shall we book a visit?')
  await expect(ask.locator('.flow-card-missing')).toHaveCount(0)
  await openPanel(page, 'ask')
  await expect(panel(page)).not.toContainText('Texts in Spanish.')
})
