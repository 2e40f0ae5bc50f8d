import type { Page } from '@playwright/test'
import { buildFlow } from '../../shared/engine/testing/fixtures'
import { apiCall } from './emulator-helpers'
import { expect, test } from './fixtures'
import { card } from './editor-helpers'

// Flow Logs over real runs: two from the emulator's back-end commands (ended; failed at an HTTP Call that cannot
// connect) and two from the webhook listener (paused at a Question; ended). The list, the filters, the trace data,
// live updates and the canvas path are checked in the browser against one host and its SQLite file.

// The listener of every host takes a free port instead of 7373 (hosts of parallel tests would collide).
process.env.CHATFLOW_WEBHOOK_PORT = '0'

function ordersFlow(id: string) {
  return buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'webhook' } },
      {
        type: 'condition',
        name: 'which',
        config: { rules: [{ left: '{{trigger_1.data.mode}}', operator: 'equals', right: 'ask' }] },
      },
      {
        type: 'condition',
        name: 'lookup_or_end',
        config: { rules: [{ left: '{{trigger_1.data.mode}}', operator: 'equals', right: 'http' }] },
      },
      { type: 'question', name: 'ask', config: { prompt: 'Order number?', saveTo: 'order' } },
      { type: 'http_call', name: 'lookup', config: { method: 'GET', url: 'http://127.0.0.1:1/orders' } },
      { type: 'message', name: 'thanks', config: { text: 'Thanks {{trigger_1.data.who}}' } },
    ],
    [
      ['trigger_1', 'out', 'which'],
      ['which', 'true', 'ask'],
      ['which', 'false', 'lookup_or_end'],
      ['lookup_or_end', 'true', 'lookup'],
      ['lookup_or_end', 'false', 'thanks'],
      ['ask', 'out', 'thanks'],
      ['lookup', 'out', 'thanks'],
    ],
    { id, name: 'Orders', active: true },
  )
}

async function webhook(page: Page, flowId: string, body: unknown): Promise<number> {
  const { secret } = await apiCall<{ secret: string }>(page, 'webhook.rotate', { flowId })
  const listener = await apiCall<{ url: string | null }>(page, 'webhook.listener.get', {})
  const res = await fetch(`${listener.url}/chatbot-webhook/${flowId}/trigger`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': secret },
    body: JSON.stringify(body),
  })
  return res.status
}

async function seedRuns(page: Page): Promise<string> {
  const created = await apiCall<{ id: string; revision: number }>(page, 'flows.create', { name: 'Orders' })
  await apiCall(page, 'flows.save', { document: ordersFlow(created.id), expectedRevision: created.revision })
  const contact = await apiCall<{ id: string }>(page, 'emulator.contact', {})
  const t = { flowId: created.id, contactId: contact.id }
  await apiCall(page, 'emulator.start', { ...t, trigger: { kind: 'manual', data: { mode: 'end', who: 'Emu' } } })
  await apiCall(page, 'emulator.start', { ...t, trigger: { kind: 'manual', data: { mode: 'http' } } })
  expect(await webhook(page, created.id, { phone_number: '+15550001111', data: { mode: 'ask' } })).toBe(200)
  expect(await webhook(page, created.id, { phone_number: '+15550002222', data: { mode: 'end', who: 'Hook' } })).toBe(
    200,
  )
  return created.id
}

const rows = (page: Page) => page.getByRole('grid', { name: 'Executions' }).locator('[data-run-id]')
const states = (page: Page) => rows(page).locator('.logs-state')

test('lists runs from the emulator and the webhook, filters them and shows each trace', async ({ page, studio }) => {
  await studio.open(page)
  const flowId = await seedRuns(page)
  await page.reload()
  await page.getByRole('link', { name: 'Logs of Orders' }).click()
  await expect(page).toHaveURL(new RegExp(`#/flows/${flowId}/logs$`))

  await expect(states(page)).toHaveText(['ended', 'paused', 'failed', 'ended'])
  await expect(rows(page).nth(0)).toContainText('webhook')
  await expect(rows(page).nth(0)).toContainText('+15550002222')
  await expect(rows(page).nth(3)).toContainText('manual')

  await page.getByLabel('State').selectOption('failed')
  await expect(states(page)).toHaveText(['failed'])
  await page.getByLabel('State').selectOption('')
  await page.getByLabel('Trigger').selectOption('webhook')
  await expect(states(page)).toHaveText(['ended', 'paused'])
  await page.getByLabel('Trigger').selectOption('')
  await page.getByLabel('Contact').fill('0001111')
  await expect(states(page)).toHaveText(['paused'])
  await page.getByLabel('Contact').fill('')
  await page.getByLabel('Search messages and variables').fill('thanks hook')
  await expect(states(page)).toHaveText(['ended'])
  await expect(rows(page).nth(0)).toContainText('+15550002222')
  await page.getByLabel('Search messages and variables').fill('')
  await expect(states(page)).toHaveCount(4)

  // The failed run: its trace, the HTTP Call highlighted with its reason, and its data.
  await rows(page).nth(2).click()
  await expect(page).toHaveURL(/\/logs\/run_/)
  const trace = page.getByRole('region', { name: 'Execution trace' })
  await expect(trace.getByTestId('trace-status')).toHaveText('failed')
  await expect(trace.getByRole('alert')).toContainText('Failed:')
  const nodes = trace.getByRole('list', { name: 'Nodes in order' }).locator('.wf-node')
  await expect(nodes.locator('.wf-name')).toHaveText(['trigger_1', 'which', 'lookup_or_end', 'lookup'])
  await expect(nodes.nth(3)).toHaveClass(/failed/)
  await expect(nodes.nth(1).locator('.wf-port')).toHaveText('→ false')
  await nodes.nth(0).getByRole('button').click()
  await expect(nodes.nth(0).locator('.wf-data')).toContainText('"http"')
  await expect(trace.getByTestId('trace-total')).toContainText('total')

  // The paused webhook run: waits at the Question with its prompt in the transcript.
  await rows(page).nth(1).click()
  await expect(trace.getByTestId('trace-status')).toHaveText('paused')
  await expect(nodes.locator('.wf-name')).toHaveText(['trigger_1', 'which', 'ask'])
  await expect(nodes.nth(2).locator('.wf-port')).toHaveText('waits')
  await expect(trace.getByRole('complementary', { name: 'Conversation' })).toContainText('Order number?')

  // Save as test: the logged conversation becomes a conversation test of the flow.
  await trace.getByRole('button', { name: 'Save as test' }).click()
  const dialog = page.getByRole('dialog', { name: 'Save this run as a test' })
  await dialog.getByLabel('Test name').fill('paused at ask')
  await dialog.getByRole('button', { name: 'Save test' }).click()
  await expect(page.getByRole('status')).toContainText('Saved as the test "paused at ask"')
  const tests = await apiCall<Array<{ name: string }>>(page, 'emulator.tests', { flowId })
  expect(tests.map((x) => x.name)).toEqual(['paused at ask'])

  // Show on canvas: the editor opens with the run's path drawn by the canvas overlay.
  await trace.getByRole('button', { name: 'Show on canvas' }).click()
  await expect(page).toHaveURL(new RegExp(`#/flows/${flowId}$`))
  // The cards that ran are on the path (the waiting one is the current step); the others are dimmed as unreached.
  for (const name of ['trigger_1', 'which']) await expect(card(page, name)).toHaveAttribute('data-run', 'path')
  await expect(card(page, 'ask')).toHaveAttribute('data-run', 'current')
  await expect(card(page, 'lookup')).toHaveAttribute('data-run', 'unreached')

  // And back through the toolbar's Logs link.
  await page.getByRole('link', { name: 'Logs', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`#/flows/${flowId}/logs$`))
  await expect(states(page)).toHaveCount(4)
})

test('shows new runs while they happen, and empties after a purge', async ({ page, studio }) => {
  await studio.open(page)
  const flowId = await seedRuns(page)
  await page.goto(`${studio.url}/#/flows/${flowId}/logs`)
  await expect(states(page)).toHaveCount(4)
  expect(await webhook(page, flowId, { phone_number: '+15550003333', data: { mode: 'http' } })).toBe(200)
  await expect(states(page)).toHaveText(['failed', 'ended', 'paused', 'failed', 'ended'])
  await expect(rows(page).nth(0)).toContainText('+15550003333')

  page.once('dialog', (d) => void d.accept())
  await page.getByRole('button', { name: 'Retention…' }).click()
  await page.getByRole('button', { name: 'Purge finished runs' }).click()
  await expect(page.getByRole('status')).toContainText('4 runs deleted')
  await expect(states(page)).toHaveText(['paused'])
})
