import { test, expect } from './fixtures'
import { card, saved } from './editor-helpers'
import { apiCall, botMessages, emulatorPanel, openExample, phone, type } from './emulator-helpers'
import type { Page } from '@playwright/test'

/** Clicks a connection where a person does: on its line, a third of the way along (the middle holds its dot). */
async function clickConnection(page: Page, label: string): Promise<void> {
  const edge = page.getByLabel(label, { exact: true })
  // Read the point and click until the connection is selected: on a busy machine the canvas may still be fitting the
  // view when the point is read, and a click that lands beside the line selects nothing.
  await expect(async () => {
    const at = await edge.locator('path.react-flow__edge-path').evaluate((p: SVGPathElement) => {
      const pt = p.getPointAtLength(p.getTotalLength() / 3)
      const m = p.getScreenCTM()!
      return { x: pt.x * m.a + pt.y * m.c + m.e, y: pt.x * m.b + pt.y * m.d + m.f }
    })
    await page.mouse.click(at.x, at.y)
    await expect(edge).toHaveClass(/\bselected\b/, { timeout: 1000 })
  }).toPass()
}

// The debugger (issue 32) as a person uses it: breakpoints set on the canvas, a run paused in the emulator,
// variables read and changed, the run going on down the other branch; run from a node; a saved test debugged.

test('breakpoints: F9 on a card and on a connection, a condition, on and off, undo, kept across a reload', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  const flowId = await openExample(page, 'age-gate.flow.json')

  await card(page, 'is_adult').click()
  await page.keyboard.press('Escape')
  await card(page, 'is_adult').click()
  await page.keyboard.press('F9')
  await expect(card(page, 'is_adult')).toHaveAttribute('data-breakpoint', 'on')
  await expect(page.getByRole('button', { name: /^Breakpoints/ })).toHaveText('Breakpoints (1)')

  // A connection: is_adult's "false" output to too_young.
  await clickConnection(page, 'Connection false')
  await page.keyboard.press('F9')
  await expect(page.getByLabel('Connection false, breakpoint')).toBeVisible()

  await page.getByRole('button', { name: /^Breakpoints/ }).click()
  const list = page.getByRole('complementary', { name: 'Breakpoints' })
  const rows = list.getByTestId('breakpoint')
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(1)).toContainText('is_adult → false → too_young')

  // A condition that does not parse is said under the field and not kept; a good one is.
  const condition = list.getByLabel('Condition of the breakpoint at is_adult → false → too_young')
  await condition.fill('age < 18')
  await expect(list.getByRole('alert')).toContainText('did you mean {{age}}')
  await condition.fill('{{age}} < 18')
  await expect(list.getByRole('alert')).toHaveCount(0)
  await expect(page.getByLabel('Connection false, conditional breakpoint')).toBeVisible()

  // Off, then on again by undo.
  await list.getByLabel('Enabled: breakpoint at is_adult', { exact: true }).uncheck()
  await expect(card(page, 'is_adult')).toHaveAttribute('data-breakpoint', 'off')
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(card(page, 'is_adult')).toHaveAttribute('data-breakpoint', 'on')
  await saved(page)

  await expect
    .poll(() => apiCall<Array<{ condition?: string }>>(page, 'breakpoints.list', { flowId }))
    .toEqual([
      expect.objectContaining({ at: { kind: 'node', nodeId: 'n_check' }, enabled: true }),
      expect.objectContaining({ at: { kind: 'edge', edgeId: 'e_5' }, condition: '{{ {{age}} < 18 }}' }),
    ])
  await page.reload()
  await expect(card(page, 'is_adult')).toHaveAttribute('data-breakpoint', 'on')
  await page.getByRole('button', { name: 'Breakpoints (2)' }).click()
  await expect(list.getByTestId('breakpoint')).toHaveCount(2)

  // Remove both from the list: the list teaches how to set one.
  await list.getByRole('button', { name: 'Remove breakpoint at is_adult', exact: true }).click()
  await list.getByRole('button', { name: 'Remove breakpoint at is_adult → false → too_young' }).click()
  await expect(list.getByText('No breakpoints yet.')).toBeVisible()
  await expect(card(page, 'is_adult')).not.toHaveAttribute('data-breakpoint')
})

/** Sets a breakpoint on a card the way a person does: select it, F9. */
async function breakOn(page: Page, name: string): Promise<void> {
  await card(page, name).click()
  await page.keyboard.press('F9')
  await expect(card(page, name)).toHaveAttribute('data-breakpoint', /on|conditional/)
}

test('pause at a breakpoint, read and edit a variable, continue down the other branch to a conditional edge breakpoint', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  await openExample(page, 'age-gate.flow.json')
  await breakOn(page, 'is_adult')
  await clickConnection(page, 'Connection false')
  await page.keyboard.press('F9')
  await page.getByRole('button', { name: /^Breakpoints/ }).click()
  const list = page.getByRole('complementary', { name: 'Breakpoints' })
  await list.getByLabel('Condition of the breakpoint at is_adult → false → too_young').fill('{{age}} < 18')
  await expect(page.getByLabel('Connection false, conditional breakpoint')).toBeVisible()
  await list.getByRole('button', { name: 'Close breakpoints' }).click()
  await saved(page)

  await page.getByRole('button', { name: 'Test', exact: true }).click()
  const emulator = emulatorPanel(page)
  await emulator.getByRole('button', { name: 'Start test' }).click()
  await expect(botMessages(page).last()).toContainText('How old are you?')
  await type(page, '40')

  // Stopped before is_adult runs: the phone says so, the card is the current one, the Debug tab is in front.
  await expect(phone(page).getByTestId('phone-paused')).toHaveText('paused at is_adult')
  await expect(card(page, 'is_adult')).toHaveAttribute('data-run', 'current')
  await expect(card(page, 'is_adult')).toBeInViewport()
  const debug = emulator.getByLabel('Debugger', { exact: true })
  await expect(debug.getByTestId('debug-paused')).toContainText('Paused at is_adult (breakpoint)')
  await expect(debug.getByRole('region', { name: 'Settings of is_adult' })).toContainText('= 40')
  await expect(debug.getByTestId('debug-var-age')).toContainText('40')

  // Edit age: text that is not JSON is refused where it is typed; 12 is kept.
  await debug.getByRole('button', { name: 'Edit age' }).click()
  await debug.getByLabel('New value of age').fill('12 years')
  await expect(debug.getByRole('alert')).toContainText('Not JSON')
  await expect(debug.getByRole('button', { name: 'Set age' })).toBeDisabled()
  await debug.getByLabel('New value of age').fill('12')
  await debug.getByRole('button', { name: 'Set age' }).click()
  await expect(debug.getByTestId('debug-var-age')).toContainText('12')
  await expect(debug.getByRole('region', { name: 'Settings of is_adult' })).toContainText('= 12')

  // A watch shows its value after each step.
  await debug.getByLabel('New watch expression').fill('{{age}} >= 18')
  await debug.getByRole('button', { name: 'Add watch' }).click()
  await expect(debug.getByLabel('Value of {{ {{age}} >= 18 }}')).toHaveText('false')

  // Continue: the run takes the other branch (false), where the conditional breakpoint on the connection holds.
  await debug.getByRole('button', { name: 'Continue' }).click()
  await expect(phone(page).getByTestId('phone-paused')).toHaveText('paused at too_young')
  await expect(debug.getByTestId('debug-paused')).toContainText('Paused at too_young (breakpoint)')
  await expect(debug).toContainText('Stopped on the connection is_adult → false → too_young')
  // F8 continues to the end of the step: the question after it waits for the customer.
  await page.keyboard.press('F8')
  await expect(botMessages(page).last()).toContainText('Sorry, you must be 18 or older. You typed 12.')
  await expect(phone(page).getByTestId('phone-paused')).toHaveCount(0)
})

test('run from a node with edited variables, from its card’s menu', async ({ page, studio }) => {
  await studio.open(page)
  await openExample(page, 'age-gate.flow.json')
  await card(page, 'is_adult').click({ button: 'right' })
  await page
    .getByRole('menu', { name: 'Actions for is_adult' })
    .getByRole('menuitem', { name: 'Run from here' })
    .click()
  const emulator = emulatorPanel(page)
  const runFrom = emulator.getByRole('region', { name: 'Run from a node' })
  await expect(runFrom.getByLabel('Node')).toHaveValue('n_check')
  await runFrom.getByLabel('Edit the variables first').check()
  const vars = runFrom.getByLabel('Variables to run with (JSON)')
  await vars.fill('{"age": 30')
  await runFrom.getByRole('button', { name: 'Run from is_adult' }).click()
  await expect(runFrom.getByRole('alert')).toContainText('Not JSON')
  // No run yet, so no variables to keep: without the edit the age is unset and the run would take "false".
  await vars.fill('{"age": 30}')
  await runFrom.getByRole('button', { name: 'Run from is_adult' }).click()
  await expect(botMessages(page).last()).toContainText('Our wine list is at')
  await expect(botMessages(page)).toHaveCount(1)
  await expect(card(page, 'is_adult')).toHaveAttribute('data-run', 'path')
  await expect(card(page, 'ask_age')).not.toHaveAttribute('data-run', 'path')
})

test('debug a failing saved test: it stops at the failed expectation, shown beside the message that broke it', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  const flowId = await openExample(page, 'age-gate.flow.json')
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  const emulator = emulatorPanel(page)
  await emulator.getByRole('button', { name: 'Start test' }).click()
  await type(page, 'abc')
  await expect(botMessages(page).last()).toContainText('Please type your age as a number')
  await type(page, '40')
  await expect(botMessages(page).last()).toContainText('Cheers, Test Customer!')
  await emulator.getByRole('tab', { name: 'Tests' }).click()
  await emulator.getByLabel('Test name').fill('adult gets the wine list')
  await emulator.getByRole('button', { name: 'Save as test' }).click()
  await expect(emulator.getByTestId('conversation-test')).toHaveCount(1)

  // The question's retry message changes in the flow: the test's second turn no longer passes.
  const stored = await apiCall<{
    document: { nodes: Array<{ name: string; config: Record<string, unknown> }> }
    revision: number
  }>(page, 'flows.get', { id: flowId })
  const document = structuredClone(stored.document)
  document.nodes.find((n) => n.name === 'ask_age')!.config.retryMessage = 'Digits only, please.'
  await apiCall(page, 'flows.save', { document, expectedRevision: stored.revision })
  await page.reload()
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  await emulator.getByRole('tab', { name: 'Tests' }).click()
  await emulator.getByRole('button', { name: 'Debug adult gets the wine list' }).click()

  await expect(emulator.getByRole('tab', { name: /Debug/ })).toHaveAttribute('aria-selected', 'true')
  const note = phone(page).getByRole('note', { name: 'Failed expectation of turn 2' })
  await expect(note).toContainText('Please type your age as a number')
  // Beside the message that broke it: right after the bot's changed answer, and the run stopped there.
  await expect(botMessages(page).last()).toContainText('Digits only, please.')
  await expect(phone(page).locator('.chat-row, .phone-failed').last()).toHaveClass(/phone-failed/)
  await expect(emulator.getByTestId('failed-expectation')).toContainText('turn 2')
  await expect(emulator.getByTestId('debug-paused')).toContainText('Paused at ask_age (failed expectation)')
  // From there it goes on as any pause: the customer's next answer from the panel.
  await emulator.getByLabel('The customer answers').fill('40')
  await emulator.getByRole('button', { name: 'Step over' }).click()
  await expect(emulator.getByTestId('debug-paused')).toContainText('Paused at is_adult (step)')
})

test('F10 steps to the next node, Shift+F8 stops the run', async ({ page, studio }) => {
  await studio.open(page)
  await openExample(page, 'age-gate.flow.json')
  await breakOn(page, 'is_adult')
  await saved(page)

  await page.getByRole('button', { name: 'Test', exact: true }).click()
  const emulator = emulatorPanel(page)
  await emulator.getByRole('button', { name: 'Start test', exact: true }).click()
  await expect(botMessages(page).last()).toContainText('How old are you?')
  await type(page, '40')
  const debug = emulator.getByLabel('Debugger', { exact: true })
  await expect(phone(page).getByTestId('phone-paused')).toHaveText('paused at is_adult')
  const controls = debug.getByRole('toolbar', { name: 'Debugger controls' })
  await expect(controls.getByRole('button', { name: 'Step' })).toHaveAttribute('aria-keyshortcuts', 'F10')
  await expect(controls.getByRole('button', { name: 'Stop' })).toHaveAttribute('aria-keyshortcuts', 'Shift+F8')

  // F10: is_adult runs (40 is an adult) and the run stops before the next node, the true branch's welcome.
  await page.keyboard.press('F10')
  await expect(phone(page).getByTestId('phone-paused')).toHaveText('paused at welcome')
  await expect(debug.getByTestId('debug-paused')).toHaveText('Paused at welcome (step)')
  await expect(card(page, 'welcome')).toHaveAttribute('data-run', 'current')
  await expect(card(page, 'is_adult')).not.toHaveAttribute('data-run', 'current')
  // welcome has not run yet.
  await expect(botMessages(page).last()).toContainText('How old are you?')

  // Shift+F8: the run ends here (cancelled), welcome never runs, nothing is paused any more.
  await page.keyboard.press('Shift+F8')
  await expect(emulator.getByTestId('run-status')).toHaveText('ended (cancelled)')
  await expect(phone(page).getByTestId('phone-paused')).toHaveCount(0)
  await expect(debug.getByTestId('debug-paused')).toHaveCount(0)
  await expect(card(page, 'welcome')).not.toHaveAttribute('data-run', 'current')
  await expect(botMessages(page).last()).toContainText('How old are you?')
})
