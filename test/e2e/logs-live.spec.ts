import type { Page } from '@playwright/test'
import { buildFlow } from '../../shared/engine/testing/fixtures'
import { apiCall } from './emulator-helpers'
import { expect, test } from './fixtures'

// Live updates deeper than the top of the executions list: a run on screen changes state in place without the list
// moving, and new runs wait behind the "N new runs" pill, which scrolls up and shows them.

process.env.CHATFLOW_WEBHOOK_PORT = '0'

async function seed(page: Page) {
  const created = await apiCall<{ id: string; revision: number }>(page, 'flows.create', { name: 'Busy' })
  const doc = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
      {
        type: 'condition',
        name: 'which',
        config: { rules: [{ left: '{{trigger_1.data.mode}}', operator: 'equals', right: 'ask' }] },
      },
      { type: 'question', name: 'ask', config: { prompt: 'Order number?', saveTo: 'order' } },
      { type: 'message', name: 'thanks', config: { text: 'Thanks' } },
    ],
    [
      ['trigger_1', 'out', 'which'],
      ['which', 'true', 'ask'],
      ['which', 'false', 'thanks'],
      ['ask', 'out', 'thanks'],
    ],
    { id: created.id, name: 'Busy', active: true },
  )
  await apiCall(page, 'flows.save', { document: doc, expectedRevision: created.revision })
  const flowId = created.id
  const regular = await apiCall<{ id: string }>(page, 'emulator.contact', {})
  const waiting = await apiCall<{ id: string }>(page, 'emulator.newContact', { name: 'Paused Customer' })
  const start = (contactId: string, mode: string) =>
    apiCall(page, 'emulator.start', { flowId, contactId, trigger: { kind: 'manual', data: { mode } } })
  // 40 runs, newest first in the list: 20 ended, the paused one (row 21), 19 ended.
  for (let i = 0; i < 19; i++) await start(regular.id, 'end')
  await start(waiting.id, 'ask')
  for (let i = 0; i < 20; i++) await start(regular.id, 'end')
  return { flowId, regular: regular.id, waiting: waiting.id, start }
}

test('deeper in the list, a run on screen updates in place and new runs wait behind a pill', async ({
  page,
  studio,
}) => {
  test.setTimeout(90_000)
  await studio.open(page)
  const s = await seed(page)
  await page.goto(`${studio.url}/#/flows/${s.flowId}/logs`)
  const grid = page.getByRole('grid', { name: 'Executions' })
  await expect(grid).toHaveAttribute('aria-rowcount', '40')

  const paused = grid.locator('[data-run-id]').filter({ hasText: 'Paused Customer' })
  await expect(async () => {
    await grid.hover()
    await page.mouse.wheel(0, 34 * 14)
    await expect(paused).toBeInViewport({ timeout: 1000 })
  }).toPass()
  await expect(paused).toHaveAttribute('aria-rowindex', '21')
  await expect(paused.locator('.logs-state')).toHaveText('paused')
  const scrolled = await grid.evaluate((el) => el.scrollTop)
  expect(scrolled).toBeGreaterThan(100)

  // The paused customer answers: their row turns ended where it is; nothing moves.
  await apiCall(page, 'emulator.send', { flowId: s.flowId, contactId: s.waiting, event: { type: 'text', text: 'A-1' } })
  await expect(paused.locator('.logs-state')).toHaveText('ended')
  await expect(paused).toHaveAttribute('aria-rowindex', '21')
  expect(await grid.evaluate((el) => el.scrollTop)).toBe(scrolled)

  // Two new runs: counted on the pill, not inserted above the rows being read.
  await s.start(s.regular, 'end')
  await s.start(s.regular, 'end')
  const pill = page.getByRole('button', { name: '2 new runs' })
  await expect(pill).toBeVisible()
  await expect(grid).toHaveAttribute('aria-rowcount', '40')
  expect(await grid.evaluate((el) => el.scrollTop)).toBe(scrolled)
  await expect(paused).toHaveAttribute('aria-rowindex', '21')

  // The pill scrolls up and brings them in.
  await pill.click()
  await expect(grid).toHaveAttribute('aria-rowcount', '42')
  await expect(pill).toBeHidden()
  await expect.poll(() => grid.evaluate((el) => el.scrollTop)).toBe(0)
  await expect(paused).toHaveAttribute('aria-rowindex', '23')

  // At the top, new runs simply appear.
  await s.start(s.regular, 'end')
  await expect(grid).toHaveAttribute('aria-rowcount', '43')
  await expect(page.getByRole('button', { name: /new run/ })).toBeHidden()
})
