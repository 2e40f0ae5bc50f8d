// Time in a flow, done as a person does it: a flow with a Wait and a Question that gives up after "no reply
// within" is built by clicking, tested in the emulator by skipping ahead instead of waiting (the run wakes, the
// unanswered question takes its timeout path, and the canvas shows that path), saved as a test that waits too;
// then a run left waiting is found in the Flow Logs by its due time, woken by hand and cancelled.
import type { Page } from '@playwright/test'
import { buildFlow } from '../../shared/engine/testing/fixtures'
import type { FlowDocument } from '../../shared/flow/document'
import { buildFromCanvas } from './build-helpers'
import { card } from './editor-helpers'
import { botMessages } from './emulator-helpers'
import { expect, test } from './fixtures'

/** Only what a person types: the rest of each panel keeps the new node's defaults. */
function feedbackFlow(): FlowDocument {
  const doc = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['parcel'] } },
      { type: 'wait', name: 'later', config: { mode: 'duration', duration: '2h' } },
      {
        type: 'question',
        name: 'how',
        config: { prompt: 'How did the delivery go?', saveTo: 'how', noReplyWithin: '30m' },
      },
      { type: 'message', name: 'thanks', config: { text: 'Thanks for telling us!' } },
      { type: 'message', name: 'nudge', config: { text: 'We will check in again later.' } },
    ],
    [
      ['trigger_1', 'out', 'later'],
      ['later', 'out', 'how'],
      ['how', 'out', 'thanks'],
      ['how', 'timeout', 'nudge'],
    ],
    { name: 'Delivery feedback', active: true },
  )
  const typed: Record<string, string[]> = {
    trigger_1: ['kind', 'keywords'],
    later: ['mode', 'duration'],
    how: ['prompt', 'saveTo', 'noReplyWithin'],
    thanks: ['text'],
    nudge: ['text'],
  }
  const only = (c: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, c[k]]))
  return { ...doc, nodes: doc.nodes.map((n) => ({ ...n, config: only(n.config, typed[n.name]!) })) }
}

async function skip(page: Page, choice: string | RegExp) {
  const emulator = page.getByRole('complementary', { name: 'Emulator' })
  await emulator.getByRole('button', { name: 'Skip ahead' }).click()
  await emulator.getByRole('group', { name: 'Skip ahead' }).getByRole('button', { name: choice }).click()
}

test('a Wait and "no reply within": skip ahead in the emulator, the timeout path on the canvas, waiting runs in the logs', async ({
  page,
  studio,
}) => {
  test.setTimeout(150_000)
  const flowId = await buildFromCanvas(page, studio, feedbackFlow())

  // Keywords start only active flows: switched on in the flows list, as a person does.
  await page.goto(`${studio.url}/#/flows`)
  await page.getByRole('switch', { name: 'Active: Delivery feedback' }).check()
  await page.getByRole('link', { name: 'Delivery feedback', exact: true }).click()

  await page.getByRole('button', { name: 'Test', exact: true }).click()
  const emulator = page.getByRole('complementary', { name: 'Emulator' })
  const status = emulator.getByTestId('run-status')
  await expect(emulator.getByLabel('Keyword message')).toHaveValue('parcel')
  await emulator.getByRole('button', { name: 'Start test' }).click()
  await expect(status).toHaveText(/^waiting until .*\d\d:\d\d/)
  await expect(botMessages(page)).toHaveCount(0)

  // The panel by keyboard: it opens on its first choice, Escape closes it and gives the focus back.
  const toggle = emulator.getByRole('button', { name: 'Skip ahead' })
  await toggle.focus()
  await page.keyboard.press('Enter')
  await expect(emulator.getByRole('button', { name: /^To the due time: / })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(emulator.getByRole('group', { name: 'Skip ahead' })).toHaveCount(0)
  await expect(toggle).toBeFocused()

  await skip(page, /^To the due time: /)
  await expect(botMessages(page).last()).toContainText('How did the delivery go?')
  // Two hours from the start, less the seconds the tester took: the clock moved exactly to the due time.
  await expect(emulator.getByText(/^Clock \+(1 h 59 min|2 h)$/)).toBeVisible()
  await expect(status).toHaveText(/^waiting until .*\d\d:\d\d/)

  await skip(page, 'Skip 5 min')
  await expect(emulator.getByRole('status')).toContainText('Skipped 5 min; the conversation still waits (due in')
  await skip(page, /^To the due time: /)
  await expect(botMessages(page).last()).toContainText('We will check in again later.')
  await expect(status).toHaveText('ended (completed)')

  // The path on the canvas went through the question's timeout, not its answer.
  await expect(card(page, 'nudge')).toHaveAttribute('data-run', /path|current/)
  await expect(card(page, 'how')).toHaveAttribute('data-run', /path|current/)
  await expect(card(page, 'thanks')).not.toHaveAttribute('data-run', /path|current/)

  // Saved as a test, the skips are waits, and it replays without waiting.
  await emulator.getByRole('tab', { name: 'Tests' }).click()
  await emulator.getByLabel('Test name').fill('nobody answers')
  await emulator.getByRole('button', { name: 'Save as test' }).click()
  await expect(emulator.locator('.emu-yaml')).toContainText(/- wait: 2h/)
  // The 5 min skip that woke nothing is a turn of its own (with the seconds the test took before it), and the
  // timeout's wait counts from it: together the question's 30 min.
  await expect(emulator.locator('.emu-yaml')).toContainText(/- wait: 5m( \d+s)?\s+bot: \[\]\s+- wait: 2[45]m( \d+s)?\s/)
  await emulator.getByRole('button', { name: 'Run all' }).click()
  await expect(emulator.getByTestId('conversation-test')).toHaveAttribute('data-status', 'passed')

  // A run left waiting: the logs say until when, a filter finds it, Wake now sends the question, Cancel ends it.
  await emulator.getByRole('tab', { name: 'Start' }).click()
  await emulator.getByRole('button', { name: 'Start test' }).click()
  await expect(status).toHaveText(/^waiting until /)
  await page.goto(`${studio.url}/#/flows/${flowId}/logs`)
  await page.getByLabel('Waiting').selectOption('time')
  const rows = page.getByRole('grid', { name: 'Executions' }).locator('.logs-row')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText(/waiting until .*\d\d:\d\d/)
  await rows.first().click()
  await expect(page.getByTestId('trace-waiting')).toHaveText(/^Waiting until .*\d\d:\d\d/)
  await page.getByRole('button', { name: 'Wake now' }).click()
  await expect(page.getByRole('status')).toHaveText('The run was woken.')
  const transcript = page.getByRole('complementary', { name: 'Conversation' })
  await expect(transcript).toContainText('How did the delivery go?')
  await page.getByRole('button', { name: 'Cancel run…' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Cancel this run?' })
  await expect(confirm.getByRole('button', { name: 'Keep waiting' })).toBeFocused()
  await confirm.getByRole('button', { name: 'Cancel run' }).click()
  await expect(page.getByTestId('trace-status')).toHaveText('ended')
  await expect(page.getByTestId('trace-waiting')).toHaveCount(0)
  await expect(rows).toHaveCount(0)
})
