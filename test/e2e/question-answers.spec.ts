import { test, expect } from './fixtures'
import { openBuilder, openPanel, saved } from './editor-helpers'
import { openExample } from './emulator-helpers'

// The Question panel shows what its answer type accepts, computed by the engine's own parsers with the flow's
// settings; the flow settings panel changes those settings; the Expression Builder shows the saved value's form.
test('question answers: examples and a trial answer in the panel, flow settings change how numbers read, the saved form in the Variables tab', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  await openExample(page, 'appointment.flow.json')

  const panel = await openPanel(page, 'ask_day')
  const answers = panel.getByRole('region', { name: 'Answers' })
  await expect(answers.getByRole('heading', { name: 'Answers: Date' })).toBeVisible()
  await expect(answers.getByRole('list', { name: 'Accepted' })).toContainText('tomorrow')
  await expect(answers.getByRole('list', { name: 'Refused' })).toContainText(`I couldn't read "soon" as a date.`)
  await expect(answers).toContainText('Read as en-GB in Europe/London')
  await answers.getByRole('textbox', { name: 'Try an answer' }).fill('Thursday')
  await expect(answers.getByRole('status', { name: 'Verdict' })).toContainText(/Accepted, saved as "\d{4}-\d{2}-\d{2}"/)
  await answers.getByRole('textbox', { name: 'Try an answer' }).fill('day after tomorrow')
  await expect(answers.getByRole('status', { name: 'Verdict' })).toContainText(
    'Refused: I couldn\'t read "day after tomorrow" as a date.',
  )

  await panel.getByLabel('Answer type').selectOption('number')
  await expect(answers.getByRole('list', { name: 'Accepted' })).toContainText('1,250.50')

  // German customers: the same question now reads a decimal comma.
  await page.getByRole('button', { name: 'Flow settings' }).click()
  const settings = page.getByRole('complementary', { name: 'Flow settings' })
  await settings.getByLabel('Language and region').fill('english')
  await expect(settings).toContainText("'english' is not a language and region")
  await settings.getByLabel('Language and region').fill('de-DE')
  await expect(settings).toContainText('German (Germany): dates like 31.12.2026, numbers like 1.250,5.')
  await settings.getByLabel('Time zone').selectOption('America/New_York')
  await settings.getByLabel('Or take it from your business number').fill('+91 98000 00001')
  await settings.getByRole('button', { name: 'Use India' }).click()
  await expect(settings.getByLabel('Country of phone numbers typed without a country code')).toHaveValue('IN')
  await settings.getByRole('button', { name: 'Close flow settings' }).click()
  await saved(page)

  const again = await openPanel(page, 'ask_day')
  const numbers = again.getByRole('region', { name: 'Answers' })
  await expect(numbers).toContainText('Read as de-DE in America/New_York')
  await expect(numbers.getByRole('list', { name: 'Accepted' })).toContainText('1.250,50')
  await numbers.getByRole('textbox', { name: 'Try an answer' }).fill('1.250,50')
  await expect(numbers.getByRole('status', { name: 'Verdict' })).toHaveText('Accepted, saved as 1250.5')
  await again.getByLabel('Answer type').selectOption('date')

  // What the question saves, as the Expression Builder lists it for a later node.
  await openPanel(page, 'confirm')
  const builder = await openBuilder(page, 'Message text')
  await builder.getByRole('tab', { name: 'Variables' }).click()
  await expect(builder.getByRole('listitem').filter({ hasText: '{{preferred_day}}' })).toContainText(
    'string (date, YYYY-MM-DD)',
  )
})
