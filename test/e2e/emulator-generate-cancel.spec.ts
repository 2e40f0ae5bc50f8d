// Generate tests on a flow whose value search takes minutes (issue 39, item 3): the section says what the generator
// is doing, Cancel stops the work in the back end, and the person is told nothing was changed.
import { test, expect } from './fixtures'
import { apiCall, emulatorPanel } from './emulator-helpers'
import { manyConditionsFlow } from '../../shared/generate/testing/many-conditions'

test('Cancel stops Generate tests while it works, and says nothing was saved', async ({ page, studio }) => {
  await studio.open(page)
  const doc = manyConditionsFlow()
  const created = await apiCall<{ id: string; revision: number }>(page, 'flows.create', { name: doc.name })
  await apiCall(page, 'flows.save', { document: { ...doc, id: created.id }, expectedRevision: created.revision })
  await page.goto(`${new URL(page.url()).origin}/#/flows/${created.id}`)
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  const emulator = emulatorPanel(page)
  await emulator.getByRole('tab', { name: 'Tests' }).click()
  const generate = emulator.getByRole('region', { name: 'Generate tests' })

  // The longest budget: Cancel is clicked while the work still runs on a machine of any speed (with 10 s, a slow
  // page could reach the button after the generator had given up by itself).
  await generate.getByLabel('Explore for').selectOption({ label: '2 min' })
  await generate.getByRole('button', { name: 'Generate tests' }).click()
  await expect(generate.getByRole('button', { name: 'Generating…' })).toBeDisabled()
  // Progress names the phase: the search for start values on this flow takes minutes.
  await expect(generate.getByRole('progressbar', { name: 'Branches taken' })).toBeVisible()
  await expect(generate.getByRole('status')).toContainText(
    'Looking for start values that take branches: 1 conversation,',
  )
  await page.screenshot({ path: test.info().outputPath('generate-progress.png') })
  await generate.getByRole('button', { name: 'Cancel' }).click()

  await expect(generate.getByRole('alert')).toHaveText(
    'Generating tests was cancelled: the tests saved before are unchanged.',
  )
  await expect(generate.getByRole('button', { name: 'Generate tests' })).toBeEnabled()
  await expect(generate.getByRole('button', { name: 'Cancel' })).toHaveCount(0)
  await expect(emulator.getByTestId('conversation-test')).toHaveCount(0)
  await page.screenshot({ path: test.info().outputPath('generate-cancelled.png') })
})
