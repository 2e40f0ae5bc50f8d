// Issue 30, "Done when": a caller and a callee built by clicking, run in the emulator through the call, the path on
// both canvases and 100% coverage, and the Flow Logs trace with the callee's steps folded under the call.
import type { Page } from '@playwright/test'
import type { FlowDocument, FlowNode } from '../../shared/flow/document'
import { buildFromCanvas } from './build-helpers'
import { card, panel, saved } from './editor-helpers'
import { botMessages, emulatorPanel, expectCoverage, type } from './emulator-helpers'
import { expect, test } from './fixtures'

test.use({ viewport: { width: 1600, height: 1000 } })
test.describe.configure({ timeout: 300_000 })

const at = (x: number): FlowNode['position'] => ({ x, y: 0 })
const flow = (name: string, nodes: FlowNode[], edges: Array<[string, string, string]>): FlowDocument => ({
  format: 'chatflow.flow/1',
  id: name,
  name,
  active: true,
  nodes,
  edges: edges.map(([source, sourcePort, target], i) => ({ id: `e${i}`, source, sourcePort, target })),
  samples: {},
  webhookSecretRef: null,
})
const node = (id: string, t: string, name: string, config: Record<string, unknown>): FlowNode => ({
  id,
  type: t,
  typeVersion: 1,
  name,
  position: at(0),
  config,
})

// The callee asks for a name; an answer longer than 12 characters gives up at once and ends without returning it,
// so the call fails: both ways back are taken.
const askName = flow(
  'Ask name',
  [
    node('t', 'trigger', 'trigger_1', { kind: 'keyword', keywords: ['name'], matchMode: 'exact' }),
    node('q', 'question', 'ask_name', { prompt: 'What is your name?', saveTo: 'name', max: 12, maxAttempts: 1 }),
    node('e1', 'end', 'end_1', {}),
    node('e2', 'end', 'end_2', {}),
  ],
  [
    ['t', 'out', 'q'],
    ['q', 'out', 'e1'],
    ['q', 'failure', 'e2'],
  ],
)
const greeter = flow(
  'Greeter',
  [
    node('t', 'trigger', 'trigger_1', { kind: 'keyword', keywords: ['hi'], matchMode: 'exact' }),
    node('c', 'call_flow', 'call_1', {}),
    node('g', 'message', 'greet', { text: 'Nice to meet you, {{call_1.name}}!' }),
    node('s', 'message', 'sorry', { text: 'No name, no problem.' }),
    node('e', 'end', 'end_1', {}),
  ],
  [
    ['t', 'out', 'c'],
    ['c', 'done', 'g'],
    ['c', 'failed', 's'],
    ['g', 'out', 'e'],
    ['s', 'out', 'e'],
  ],
)

test('a caller and a callee built by clicking run through the call, covered on both canvases and folded in the logs', async ({
  page,
  studio,
}) => {
  // The callee, then its interface (Settings) and what its End returns.
  const calleeId = await buildFromCanvas(page, studio, askName)
  await page.getByRole('button', { name: 'Flow settings' }).click()
  const settings = page.getByRole('complementary', { name: 'Flow settings' })
  await settings.getByRole('button', { name: 'Make it callable' }).click()
  await settings.getByRole('button', { name: 'Add output' }).click()
  await settings.getByLabel('Output 1 name').fill('name')
  await expect(settings.getByText('No flow calls this one yet.')).toBeVisible()
  await settings.getByRole('button', { name: 'Close flow settings' }).click()
  await card(page, 'end_1').click()
  await panel(page).getByLabel('Return name', { exact: true }).fill('{{name}}')
  await saved(page)

  // The caller: its Call Flow node picks the callee among the studio's flows.
  const callerId = await buildFromCanvas(page, studio, greeter)
  await card(page, 'call_1').click()
  await panel(page).getByLabel('Flow', { exact: true }).selectOption({ label: 'Ask name' })
  await expect(panel(page).getByText('Ask name takes no inputs.')).toBeVisible()
  await saved(page)
  const link = card(page, 'call_1').getByRole('link', { name: 'Open the called flow Ask name' })
  await expect(link).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('caller.png') })
  // A keyword starts only an active flow, as in production.
  await page.getByRole('button', { name: 'Back to flows' }).click()
  const active = page.getByRole('switch', { name: 'Active: Greeter', exact: true })
  await active.click()
  await expect(active).toBeChecked()
  await page.getByRole('link', { name: 'Greeter', exact: true }).click()

  // Through the call in the emulator: a name comes back (done); a name too long gives up in the callee (failed).
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  const last = () => botMessages(page).last()
  await type(page, 'hi')
  await expect(last()).toContainText('What is your name?')
  await type(page, 'Ada')
  await expect(last()).toContainText('Nice to meet you, Ada!')
  await type(page, 'hi')
  await expect(last()).toContainText('What is your name?')
  await type(page, 'Bartholomew the Third')
  await expect(last()).toContainText('No name, no problem.')
  await expect(emulatorPanel(page).getByTestId('run-status')).toHaveText('ended (completed)')
  await expect(card(page, 'sorry')).toHaveAttribute('data-run', /path|current/)
  await expectCoverage(page, '100%')
  await page.screenshot({ path: test.info().outputPath('caller-covered.png') })

  // The callee, opened from the card's link: its own branches are covered through the caller's runs.
  await link.click()
  await expect(page).toHaveURL(new RegExp(`#/flows/${calleeId}$`))
  await expect(card(page, 'ask_name')).toBeVisible()
  // The emulator stays open on the callee: the branches the caller's runs took inside it are drawn covered, every
  // edge of this canvas (expectCoverage), and the path of the caller's last run is drawn here too: its steps in this
  // flow (the answer too long: ask_name gives up by its failure port, to end_2), entered where the trigger leads.
  await expectCoverage(page, '100%')
  await expect(step(page, 'Trigger trigger_1')).toHaveAccessibleDescription('on the test path')
  await expect(step(page, 'Question ask_name')).toHaveAccessibleDescription('failed in the test')
  await expect(step(page, 'End end_2')).toHaveAccessibleDescription('on the test path')
  await expect(step(page, 'End end_1')).not.toHaveAccessibleDescription(/test path|current/)
  // The emulator says whose run the canvas draws: its phone is the callee's own test.
  await expect(emulatorPanel(page).getByRole('status').filter({ hasText: 'Greeter' })).toHaveText(
    "The canvas shows the steps a run of “Greeter” took in this flow; the phone is this flow's own test.",
  )
  await page.screenshot({ path: test.info().outputPath('callee-path.png') })
  await page.getByRole('button', { name: 'Flow settings' }).click()
  await expect(page.getByRole('list', { name: 'Flows that call this one' })).toContainText('Greeter (call_1)')
  await page.screenshot({ path: test.info().outputPath('callee-covered.png') })

  // Flow Logs of the caller: the callee's steps are folded under the call.
  await page.goto(`${studio.url}/#/flows/${callerId}/logs`)
  const rows = page.getByRole('grid', { name: 'Executions' }).locator('[data-run-id]')
  await expect(rows).toHaveCount(2)
  await rows.nth(1).click()
  const trace = page.getByRole('region', { name: 'Execution trace' })
  const nodes = trace.getByRole('list', { name: 'Nodes in order' })
  await expect(nodes.locator(':scope > .wf-node > .wf-line .wf-name')).toHaveText([
    'trigger_1',
    'call_1',
    'call_1',
    'greet',
    'end_1',
  ])
  const fold = trace.getByRole('button', { name: /Show 3 steps in the called flow Ask name/ })
  await expect(fold).toHaveAttribute('aria-expanded', 'false')
  await fold.click()
  await expect(trace.getByRole('list', { name: 'Steps in Ask name' }).locator('.wf-name')).toHaveText([
    'ask_name',
    'ask_name',
    'end_1',
  ])
  await page.screenshot({ path: test.info().outputPath('logs-folded.png') })
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.screenshot({ path: test.info().outputPath('logs-folded-dark.png') })
  await page.goto(`${studio.url}/#/flows/${callerId}`)
  await expect(card(page, 'call_1').getByRole('link', { name: 'Open the called flow Ask name' })).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('caller-dark.png') })

  // While a run of the caller waits inside the callee, the callee's canvas marks where it waits.
  if (!(await emulatorPanel(page).isVisible())) await page.getByRole('button', { name: 'Test', exact: true }).click()
  await type(page, 'hi')
  await expect(last()).toContainText('What is your name?')
  await expect(step(page, 'Call Flow call_1')).toHaveAccessibleDescription('current step of the test')
  await card(page, 'call_1').getByRole('link', { name: 'Open the called flow Ask name' }).click()
  await expect(step(page, 'Question ask_name')).toHaveAccessibleDescription('current step of the test')
  await expect(step(page, 'End end_2')).not.toHaveAccessibleDescription(/test path|current/)
  await page.screenshot({ path: test.info().outputPath('callee-waiting-dark.png') })
})

/** A card on the canvas by its accessible name (`<type label> <node name>`). */
const step = (page: Page, name: string) => page.getByRole('group', { name, exact: true })
