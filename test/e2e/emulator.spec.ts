import { test, expect } from './fixtures'
import { openPanel } from './editor-helpers'
import { botMessages, expectAllCoveredOnCanvas, openExample, phone, type } from './emulator-helpers'

test('age gate: every branch in the phone, variables, 100% coverage, a saved test that catches a regression', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  const flowId = await openExample(page, 'age-gate.flow.json')
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  const emulator = page.getByRole('complementary', { name: 'Emulator' })

  // Happy path after a wrong answer: keyword, non-number, then an adult age.
  await expect(emulator.getByLabel('Keyword message')).toHaveValue('wine')
  await emulator.getByRole('button', { name: 'Start test' }).click()
  await expect(botMessages(page).last()).toContainText('Welcome to the cellar! How old are you?')
  await type(page, 'abc')
  await expect(botMessages(page).last()).toContainText('Please type your age as a number')
  await type(page, '12')
  await expect(botMessages(page).last()).toContainText('You typed 12')
  await emulator.getByRole('tab', { name: 'Variables' }).click()
  await expect(emulator.getByTestId('var-age')).toContainText('12')
  await expect(emulator.getByTestId('var-customer_name')).toContainText('Test Customer')
  await phone(page).getByRole('button', { name: 'Try again' }).click()
  await expect(botMessages(page).last()).toContainText('How old are you?')
  await type(page, '40')
  await expect(botMessages(page).last()).toContainText('Cheers, Test Customer!')
  await expect(botMessages(page).last().getByRole('link', { name: 'https://example-cellar.com/wines' })).toBeVisible()
  await expect(emulator.getByTestId('run-status')).toHaveText('ended (completed)')

  // Clicking a bot message shows the trace step that sent it.
  await botMessages(page).last().click()
  await expect(emulator.getByTestId('trace-step')).toContainText('welcome')
  // The question asked again after 'abc' was sent by the question's resume, found by the message's id.
  await botMessages(page).nth(1).click()
  await expect(emulator.getByTestId('trace-step')).toContainText('ask_age')
  await expect(emulator.getByTestId('trace-step')).toContainText('resume')

  // The Exit button.
  await type(page, 'wine')
  await type(page, '10')
  await phone(page).getByRole('button', { name: 'Exit' }).last().click()
  await expect(botMessages(page).last()).toContainText('Come back when you are 18')

  // Missing data: three answers that are not ages take the question's failure branch.
  await type(page, 'cellar')
  for (const wrong of ['x', 'y', 'z']) await type(page, wrong)
  await expect(botMessages(page).last()).toContainText('Come back when you are 18')

  await emulator.getByRole('tab', { name: /Coverage/ }).click()
  await expect(emulator.getByTestId('coverage-percent')).toHaveText('100%')
  await expect(emulator.getByText('Every branch has been taken.')).toBeVisible()
  await expectAllCoveredOnCanvas(page)

  // Save the last conversation as a test; it passes.
  await emulator.getByRole('tab', { name: 'Tests' }).click()
  await emulator.getByLabel('Test name').fill('gives up after three tries')
  await emulator.getByRole('button', { name: 'Save as test' }).click()
  const saved = emulator.getByTestId('conversation-test')
  await expect(saved).toHaveCount(1)
  await emulator.getByRole('button', { name: 'Run all' }).click()
  await expect(saved).toHaveAttribute('data-status', 'passed')

  // A deliberate regression in the goodbye text: the test fails and shows what changed.
  const goodbye = await openPanel(page, 'goodbye')
  await goodbye.getByLabel('Message text', { exact: true }).fill('Bye for now!')
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('All changes saved')
  await emulator.getByRole('button', { name: 'Run all' }).click()
  await expect(saved).toHaveAttribute('data-status', 'failed')
  await expect(emulator.getByLabel('What changed in gives up after three tries')).toContainText(
    'Come back when you are 18',
  )
  await expect(emulator.getByLabel('What changed in gives up after three tries')).toContainText('Bye for now!')
  expect(flowId).toBeTruthy()

  // The flows list shows the flow's coverage and its failing test.
  await page.getByRole('button', { name: 'Back to flows' }).click()
  const row = page.getByRole('listitem', { name: 'Age gate' })
  await expect(row.getByLabel('Branch coverage of Age gate')).toHaveText('100% covered')
  await expect(row.getByLabel('Tests of Age gate')).toHaveText('1 of 1 test failing')
})

test('an inactive flow does not start from its keyword and the phone says why', async ({ page, studio }) => {
  await studio.open(page)
  const flowId = await openExample(page, 'age-gate.flow.json')
  await page.evaluate(() => 0)
  const { apiCall } = await import('./emulator-helpers')
  await apiCall(page, 'flows.setActive', { id: flowId, active: false })
  await page.reload()
  await page.getByRole('button', { name: /Test/ }).first().click()
  const emulator = page.getByRole('complementary', { name: 'Emulator' })
  await emulator.getByRole('button', { name: 'Start test' }).click()
  await expect(emulator.getByRole('status').filter({ hasText: 'inactive' })).toBeVisible()
  await emulator.getByRole('radio', { name: 'Manual' }).check()
  await emulator.getByRole('button', { name: 'Start test' }).click()
  await expect(botMessages(page).last()).toContainText('How old are you?')
})
