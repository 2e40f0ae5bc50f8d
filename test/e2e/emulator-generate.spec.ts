// "Generate tests" in the emulator's Tests tab, as a QA user would: one click on an example, progress while it
// explores, the suite listed with its coverage and every test passing, the branch no run can take explained, the
// tests still there after a reload, and a second click replacing them rather than adding more.
import { test, expect } from './fixtures'
import { emulatorPanel, expectCoverage, openExample } from './emulator-helpers'

test('generate tests for the appointment example: every reachable branch, each test passing, the else explained', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  await openExample(page, 'appointment.flow.json')
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  const emulator = emulatorPanel(page)
  await emulator.getByRole('tab', { name: 'Tests' }).click()
  const generate = emulator.getByRole('region', { name: 'Generate tests' })

  // Every status line the section shows, kept as it appears: exploring can be over before a poll would see it.
  await generate.evaluate((section) => {
    const seen: string[] = ((window as unknown as { generateStatuses: string[] }).generateStatuses = [])
    new MutationObserver(() =>
      section.querySelectorAll('[role=status]').forEach((s) => seen.push(s.textContent ?? '')),
    ).observe(section, {
      subtree: true,
      childList: true,
      characterData: true,
    })
  })
  await generate.getByRole('button', { name: 'Generate tests' }).click()

  const summary = generate.getByRole('status').filter({ hasText: 'generated' })
  await expect(summary).toContainText(/5 tests generated in \d+\.\d s · coverage 16\/18 branches/, { timeout: 30_000 })
  const statuses = await page.evaluate(() => (window as unknown as { generateStatuses: string[] }).generateStatuses)
  expect(
    statuses.some((s) => /^Exploring/.test(s)),
    statuses.join(' | '),
  ).toBe(true)
  await expect(generate.getByRole('list', { name: 'Branches not taken' }).getByRole('listitem')).toHaveText([
    'by_service → Else: every choice that leads here goes another way (service_menu: Haircut → Hair, Colour → Hair, Manicure → Nails, Pedicure → Nails)',
    "unknown_service → Next: 'unknown_service' is only reached through branches no run can take",
  ])
  const tests = emulator.getByTestId('conversation-test').filter({ hasText: 'Generated: ' })
  await expect(tests).toHaveCount(5)
  for (const t of await tests.all()) await expect(t).toHaveAttribute('data-status', 'passed')
  await expect(tests.filter({ hasText: 'service_menu "Colour" → by_service: Hair' })).toHaveCount(1)
  await page.screenshot({ path: test.info().outputPath('generated-tests.png') })

  // The generated runs count for coverage: every branch but the two no run can take.
  await expectCoverage(page, '88%')

  // Saved with the flow: there after a reload; generating again replaces them.
  await page.reload()
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  await emulator.getByRole('tab', { name: 'Tests' }).click()
  await expect(tests).toHaveCount(5)
  await generate.getByRole('button', { name: 'Generate tests' }).click()
  await expect(summary).toContainText(/5 tests generated/, { timeout: 30_000 })
  await expect(tests).toHaveCount(5)
})
