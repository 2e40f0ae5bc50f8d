import { test, expect } from './fixtures'
import { botMessages, openExample, type } from './emulator-helpers'

test('start at a node: the unset variables are named before starting, presets fill them, the saved test keeps the start', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  await openExample(page, 'lead-capture.flow.json')
  const emulator = page.getByRole('complementary', { name: 'Emulator' })

  // A node selected on the canvas is offered as the start. It is selected before the panel opens, which narrows
  // the canvas; the click is retried while the canvas may still be fitting its view on a busy machine.
  await expect(async () => {
    await page.locator('.flow-card[data-node-name="ask_company"]').click({ timeout: 5000 })
    await expect(page.locator('.react-flow__node.selected .flow-card[data-node-name="ask_company"]')).toBeVisible({
      timeout: 2000,
    })
  }).toPass({ timeout: 40_000 })
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  await emulator.getByRole('button', { name: 'Start test here: ask_company' }).click()
  await expect(emulator.getByLabel('Start at')).toHaveValue('n_company')
  const warning = emulator.getByRole('note', { name: 'Unset variables' })
  await expect(warning.getByTestId('unset-variable')).toHaveCount(3)
  await expect(warning.getByTestId('unset-variable').filter({ hasText: 'full_name' })).toContainText('save_lead')
  await expect(warning.getByTestId('unset-variable').filter({ hasText: 'trigger_1' })).toContainText('tag_lead')

  // A preset takes a variable off the list.
  await emulator
    .getByLabel('Preset variables')
    .fill("{ full_name: 'Ana Lima', work_email: 'ana@acme.com', trigger_1: { keyword: 'demo' } }")
  await expect(warning).toContainText('every variable read from there on is produced on the way or preset')
  await emulator.getByRole('button', { name: 'Start test' }).click()
  await expect(botMessages(page)).toHaveCount(1)
  await expect(botMessages(page).last()).toContainText('Which company do you work for?')
  await type(page, 'Acme Robotics')
  await expect(botMessages(page).last()).toContainText(
    'Thank you, Ana Lima! A sales specialist will write to ana@acme.com',
  )

  await emulator.getByRole('tab', { name: 'Tests' }).click()
  await emulator.getByLabel('Test name').fill('from the company question')
  await emulator.getByRole('button', { name: 'Save as test' }).click()
  const saved = emulator.getByTestId('conversation-test')
  await expect(saved).toHaveCount(1)
  await expect(emulator.locator('.emu-yaml')).toContainText('start: ask_company')
  await expect(emulator.locator('.emu-yaml')).toContainText('full_name: Ana Lima')
  await emulator.getByRole('button', { name: 'Run all' }).click()
  await expect(saved).toHaveAttribute('data-status', 'passed')
})

test('the 24-hour window switch: after skipping 24 h a free-form start is refused (and replays so when saved), off it is sent', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  await openExample(page, 'age-gate.flow.json')
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  const emulator = page.getByRole('complementary', { name: 'Emulator' })
  await emulator.getByRole('checkbox', { name: 'Enforce 24 h window' }).check()
  await emulator.getByRole('button', { name: 'Start test' }).click()
  await expect(botMessages(page).last()).toContainText('How old are you?')

  await emulator.getByRole('button', { name: 'Skip ahead' }).click()
  await emulator
    .getByRole('group', { name: 'Skip ahead' })
    .getByRole('button', { name: /^Skip 24 h/ })
    .click()
  await expect(emulator.getByTestId('run-status')).toHaveText('ended (expired)')
  await emulator.getByRole('radio', { name: 'Manual' }).check()
  await emulator.getByRole('button', { name: 'Start test' }).click()
  await expect(emulator.getByRole('alert').filter({ hasText: 'Run failed' })).toContainText(
    'has not written in the last 24 hours',
  )
  await expect(emulator.getByTestId('run-status')).toHaveText('failed')
  // Saved as a test, the refusal replays: the test records the rules, the contact's last message and the time.
  await emulator.getByRole('tab', { name: 'Tests' }).click()
  await emulator.getByLabel('Test name').fill('refused after a day')
  await emulator.getByRole('button', { name: 'Save as test' }).click()
  await expect(emulator.locator('.emu-yaml')).toContainText('window: enforce')
  await expect(emulator.locator('.emu-yaml')).toContainText('lastInboundAt:')
  await emulator.getByRole('button', { name: 'Run all' }).click()
  await expect(emulator.getByTestId('conversation-test')).toHaveAttribute('data-status', 'passed')
  await emulator.getByRole('tab', { name: 'Start' }).click()

  await emulator.getByRole('checkbox', { name: 'Enforce 24 h window' }).uncheck()
  await emulator.getByRole('button', { name: 'Start test' }).click()
  await expect(emulator.getByTestId('run-status')).toHaveText('paused')
})
