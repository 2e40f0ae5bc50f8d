// Issue 34: "Generate tests" on the customer-service example reaches every port of its Intent node (each intent by
// one of its own example phrases, `other` by text far from all of them) and both ports of every Extract node. The
// offline Intent's `failed`, which it proves it never takes and which nothing is connected to, is no branch at all.
import { test, expect } from './fixtures'
import { emulatorPanel, openExample } from './emulator-helpers'

const INTENT_PORTS = ['where is my order', 'change delivery', 'cancel', 'talk to a person', 'other']

test('generate tests for the customer-service example: every intent port and other, every branch covered', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  await openExample(page, 'customer-service.flow.json')
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  const emulator = emulatorPanel(page)
  await emulator.getByRole('tab', { name: 'Tests' }).click()
  const generate = emulator.getByRole('region', { name: 'Generate tests' })
  await generate.getByRole('button', { name: 'Generate tests' }).click()

  const summary = generate.getByRole('status').filter({ hasText: 'generated' })
  await expect(summary).toContainText(/\d+ tests? generated in \d+\.\d s · coverage 18\/18 branches/, {
    timeout: 30_000,
  })
  // Nothing is left untaken: the offline classifier's `failed` is not a branch while nothing is connected to it.
  await expect(generate.getByRole('list', { name: 'Branches not taken' })).toHaveCount(0)

  // One generated test per intent, each starting from that intent's phrase, and one for `other`; all pass.
  const tests = emulator.getByTestId('conversation-test').filter({ hasText: 'Generated: ' })
  await expect(tests.first()).toBeVisible()
  for (const t of await tests.all()) await expect(t).toHaveAttribute('data-status', 'passed')
  for (const phrase of ['where is my order', 'cancel my order', 'can you deliver on another day', 'talk to a person'])
    await expect(tests.filter({ hasText: `what_needed "${phrase}"` }).first()).toBeVisible()
  // Extract's `failed` (gives up after asking) is reached for each Extract node too.
  await expect(tests.filter({ hasText: 'gives up' })).toHaveCount(3)
  await page.screenshot({ path: test.info().outputPath('intent-generated-tests.png') })

  // The generated runs count for coverage: all 18 branches.
  await emulator.getByRole('tab', { name: /Coverage/ }).click()
  await expect(emulator.getByTestId('coverage-percent')).toHaveText('100%')
  await expect(emulator.getByText(/of branches covered \(18 of 18\)/)).toBeVisible()
  await expect(emulator.locator('.emu-untested').getByRole('button')).toHaveCount(0)

  // On the canvas every intent's connection and `other` is covered, and no connection is left uncovered.
  for (const port of INTENT_PORTS) await expect(page.getByLabel(`Connection ${port}, covered`)).toHaveCount(1)
  await expect(page.getByLabel(/^Connection .*, not covered$/)).toHaveCount(0)
  await page.screenshot({ path: test.info().outputPath('intent-coverage-canvas.png') })
})
