import type { Page } from '@playwright/test'
import { customerMessage, messageId } from '../../electron/runtime/testing/channel-payloads'
import { APP_SECRET } from '../../electron/runtime/testing/channel-runtime'
import { splitFlow } from '../../electron/runtime/testing/split-flow'
import { apiCall } from './emulator-helpers'
import { skipWithoutStore, startChannelServe } from './channel-serve'
import { expect, test } from './fixtures'
import { addPublishServer } from './runtime-helpers'

// The A/B split on a production server (docs/publish-api.md, "Split"): the studio publishes two versions of a flow
// to `chatflow serve` (the server bundle, its state in SQLite, then in PostgreSQL) whose channel is the fake Cloud
// API, splits new conversations between them from the Publish dialog (a bad percent is refused beside its field),
// customers write through the channel's webhook, Flow Logs read from the server show runs of both versions, and
// ending the split keeps one version for every new conversation.

const SHOTS = process.env.CHATFLOW_SHOTS
const CUSTOMERS = 20

/** With CHATFLOW_SHOTS=<dir>, the view in both themes (the studio follows the system's). */
async function shot(page: Page, name: string) {
  if (!SHOTS) return
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme })
    await page.screenshot({ path: `${SHOTS}/${name}-${theme}.png` })
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

for (const store of ['sqlite', 'postgres'] as const) {
  test(`an A/B split on a production server (${store}): set in the Publish dialog, both versions in Flow Logs, ended keeping one`, async ({
    page,
    studio,
  }) => {
    test.setTimeout(180_000)
    skipWithoutStore(store)
    const { fake, serve, webhook, stop } = await startChannelServe(store)
    const wa = (i: number) => `4477009002${String(i).padStart(2, '0')}`
    const say = async (i: number, text: string) =>
      expect(
        (
          await fake.postWebhook(
            webhook,
            customerMessage(`+${wa(i)}`, `Customer ${i}`, { type: 'text', text }, messageId()),
            APP_SECRET,
          )
        ).status,
      ).toBe(200)
    /** The first text the fake Cloud API received for customer i. */
    const greeting = (i: number) =>
      fake.to(wa(i)).map((s) => (s.body as { text?: { body: string } }).text?.body ?? '')[0] ?? ''
    try {
      await studio.open(page)
      // Version 1 says "Hello from A"; the same flow edited to say "Hello from B" becomes version 2.
      const created = await apiCall<{ id: string; revision: number }>(page, 'flows.create', { name: 'Greeting' })
      const doc = (label: string) => ({ ...splitFlow(label), id: created.id, name: 'Greeting' })
      const first = await apiCall<{ revision: number }>(page, 'flows.save', {
        document: doc('A'),
        expectedRevision: created.revision,
      })
      await page.reload()
      let publish = await addPublishServer(page, serve.api)
      await publish.getByRole('button', { name: 'Validate and publish' }).click()
      await expect(publish.getByRole('status')).toContainText('Published version 1.')
      await apiCall(page, 'flows.save', { document: doc('B'), expectedRevision: first.revision })
      await page.getByRole('button', { name: 'Close' }).click()
      await page.reload()
      await page.getByRole('button', { name: 'Publish…' }).click()
      publish = page.getByRole('dialog', { name: 'Publish' })
      await publish.getByRole('button', { name: 'Validate and publish' }).click()
      await expect(publish.getByRole('status')).toContainText('Published version 2.')

      const split = publish.getByRole('region', { name: 'Split new conversations' })
      await expect(split).toContainText('No split: every new conversation goes to version 2, the running one.')
      await split.getByLabel('Version A', { exact: true }).selectOption('1')
      await split.getByLabel('Version B', { exact: true }).selectOption('2')
      // A share that is not a percent from 1 to 99 is refused beside its field, and nothing is sent.
      const percent = split.getByLabel('% to version B', { exact: true })
      await percent.fill('150')
      await split.getByRole('button', { name: 'Start split' }).click()
      await expect(split.getByRole('alert')).toHaveText(
        'The share for version B is a whole percent from 1 to 99 (end the split to send everyone to one).',
      )
      await expect(percent).toHaveAttribute('aria-invalid', 'true')
      await split.scrollIntoViewIfNeeded()
      await shot(page, 'publish-split-refused')
      await percent.fill('50')
      await split.getByRole('button', { name: 'Start split' }).click()
      await expect(split.getByRole('status')).toHaveText(
        'Split started: 50 % of new conversations go to version 2, 50 % to version 1.',
      )
      await expect(split).toContainText('Each contact keeps its version while the split lasts.')
      await split.scrollIntoViewIfNeeded()
      await shot(page, 'publish-split')
      await publish.getByRole('button', { name: 'Close' }).click()

      // Customers write through the channel's webhook: each new conversation goes to one of the two versions.
      for (let i = 0; i < CUSTOMERS; i++) await say(i, 'hi')
      const answered = () => Array.from({ length: CUSTOMERS }, (_, i) => fake.to(wa(i)).length === 2)
      await expect.poll(() => answered().every(Boolean), { timeout: 30_000 }).toBe(true)
      const greetings = Array.from({ length: CUSTOMERS }, (_, i) => greeting(i))
      const onB = greetings.filter((g) => g === 'Hello from B').length
      expect(greetings.filter((g) => g === 'Hello from A').length + onB).toBe(CUSTOMERS)
      // Both versions took conversations (all 20 on one side of a 50 % split: about 2 in a million).
      expect(onB).toBeGreaterThan(0)
      expect(onB).toBeLessThan(CUSTOMERS)

      // Flow Logs of the server show which version each run took, matching what each customer was sent.
      // Tall enough for every run's row (the list puts only the rows in view in the page).
      await page.setViewportSize({ width: 1200, height: 1400 })
      await page.goto(`${studio.url}/#/flows/${created.id}/logs`)
      await page.getByLabel('Runs of').selectOption({ label: 'server Production' })
      const runs = page.getByRole('grid', { name: 'Executions' })
      await expect(runs.getByRole('row')).toHaveCount(CUSTOMERS + 1)
      await expect(runs.getByRole('gridcell', { name: 'v2', exact: true })).toHaveCount(onB)
      await expect(runs.getByRole('gridcell', { name: 'v1', exact: true })).toHaveCount(CUSTOMERS - onB)
      const b = greetings.indexOf('Hello from B')
      await runs.getByRole('row', { name: new RegExp(`Customer ${b}\\b`) }).click()
      await expect(page.getByTestId('trace-version')).toHaveText('version 2')
      await shot(page, 'logs-versions')

      // End the split keeping version 1: a customer on version 2 finishes there, new conversations go to 1.
      await page.goto(`${studio.url}/#/flows`)
      await page.getByRole('button', { name: 'Publish…' }).click()
      publish = page.getByRole('dialog', { name: 'Publish' })
      const running = publish.getByRole('region', { name: 'Split new conversations' })
      await expect(running).toContainText('50 % of new conversations go to version 2, 50 % to version 1.')
      await running.getByRole('button', { name: 'End split, keep version 1' }).click()
      await expect(running.getByRole('status')).toHaveText(
        'Split ended: every new conversation goes to version 1; runs going on finish on theirs.',
      )
      await expect(publish.getByRole('list', { name: 'Published versions' })).toContainText('(running)')
      await expect(running).toContainText('No split: every new conversation goes to version 1, the running one.')
      await publish.getByRole('button', { name: 'Close' }).click()
      await say(b, 'thanks')
      await expect.poll(() => fake.to(wa(b)).at(-1)?.body).toMatchObject({ text: { body: 'Bye from B' } })
      await say(CUSTOMERS, 'hi')
      await expect.poll(() => greeting(CUSTOMERS)).toBe('Hello from A')
    } finally {
      await stop()
    }
  })
}
