import { customerMessage, messageId } from '../../electron/runtime/testing/channel-payloads'
import { APP_SECRET } from '../../electron/runtime/testing/channel-runtime'
import { buildFlow } from '../../shared/engine/testing/fixtures'
import { apiCall, emulatorPanel, saveAndPass, type } from './emulator-helpers'
import { skipWithoutStore, startChannelServe } from './channel-serve'
import { expect, test } from './fixtures'
import { addPublishServer } from './runtime-helpers'

// Untested traffic in the Tests tab (docs/testing.md): the studio publishes a shop flow to `chatflow serve` (the
// server bundle, SQLite, then PostgreSQL) whose channel is the fake Cloud API; in the studio's emulator one
// conversation ("done" at once) is saved as a test. Two customers write to the server through the webhook: one done at
// once, one who asks for something else. The Tests tab, reading Production for today, names the one branch only
// production took (check → false → sorry); saving the run that took it adds a test, and the branch leaves the list.

const FLOW = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['shop'] } },
    { type: 'question', name: 'ask', config: { prompt: 'What would you like?', saveTo: 'item' } },
    {
      type: 'condition',
      name: 'check',
      config: { rules: [{ left: '{{item}}', operator: 'equals', right: 'done' }] },
    },
    { type: 'message', name: 'bye', config: { text: 'Thanks, bye.' } },
    { type: 'message', name: 'sorry', config: { text: 'We will call you about {{item}}.' } },
    { type: 'end', name: 'end_1', config: {} },
  ],
  [
    ['trigger_1', 'out', 'ask'],
    ['ask', 'out', 'check'],
    ['check', 'true', 'bye'],
    ['check', 'false', 'sorry'],
    ['bye', 'out', 'end_1'],
    ['sorry', 'out', 'end_1'],
  ],
  { name: 'Shop', active: true },
)

for (const store of ['sqlite', 'postgres'] as const) {
  test(`untested traffic of a production server (${store}): the branch only production took, saved as a test, leaves the list`, async ({
    page,
    studio,
  }) => {
    test.setTimeout(120_000)
    skipWithoutStore(store)
    const { fake, serve, webhook, stop } = await startChannelServe(store)
    try {
      await studio.open(page)
      const created = await apiCall<{ id: string; revision: number }>(page, 'flows.create', { name: FLOW.name })
      await apiCall(page, 'flows.save', { document: { ...FLOW, id: created.id }, expectedRevision: created.revision })
      await page.reload() // the flow in the list, Publish… beside it
      const publish = await addPublishServer(page, serve.api)
      await publish.getByRole('button', { name: 'Validate and publish' }).click()
      await expect(publish.getByRole('status')).toContainText('Published version 1.')
      await page.goto(`${studio.url}/#/flows/${created.id}`)

      // The studio's one saved test: the customer who is done at once.
      await page.getByRole('button', { name: 'Test', exact: true }).click()
      await type(page, 'shop')
      await type(page, 'done')
      await saveAndPass(page, 'done at once')

      // Two customers on the server, through the channel's webhook.
      const say = async (from: string, text: string) =>
        expect(
          (
            await fake.postWebhook(
              webhook,
              customerMessage(from, 'Customer', { type: 'text', text }, messageId()),
              APP_SECRET,
            )
          ).status,
        ).toBe(200)
      const texts = (wa: string) => () => fake.to(wa).map((s) => (s.body as { text?: { body: string } }).text?.body)
      await say('+447700900601', 'shop')
      await expect.poll(texts('447700900601')).toEqual(['What would you like?'])
      await say('+447700900601', 'done')
      await expect.poll(texts('447700900601')).toEqual(['What would you like?', 'Thanks, bye.'])
      await say('+447700900602', 'shop')
      await expect.poll(texts('447700900602')).toEqual(['What would you like?'])
      await say('+447700900602', 'a red kettle')
      await expect.poll(texts('447700900602')).toEqual(['What would you like?', 'We will call you about a red kettle.'])

      const emulator = emulatorPanel(page)
      const untested = emulator.getByRole('region', { name: 'Untested traffic' })
      await expect(untested).toContainText('Which branches do your customers take that no saved test covers?')
      await untested.getByLabel('Runs of').selectOption({ label: 'Production' })
      await untested.getByLabel('Period').selectOption({ label: 'Today' })
      await untested.getByRole('button', { name: 'Find untested traffic' }).click()
      const branches = untested
        .getByRole('list', { name: 'Branches no saved test takes' })
        .getByTestId('untested-branch')
      // Only the second customer went check → false → sorry → end_1: the saved test takes every other connection.
      await expect(branches).toHaveCount(2, { timeout: 30_000 })
      await expect(branches.nth(0)).toContainText(/^check → \S+ → sorry1 run · 50 %/)
      await expect(branches.nth(1)).toContainText(/^sorry → \S+ → end_11 run · 50 %/)
      await expect(untested).toContainText('2 runs of Production · 1 saved test played · 2 branches no test takes')
      await untested.screenshot({ path: test.info().outputPath('untested-traffic-light.png') })
      await page.getByRole('radio', { name: 'Dark' }).click()
      await untested.screenshot({ path: test.info().outputPath('untested-traffic-dark.png') })
      await page.getByRole('radio', { name: 'Light' }).click()

      await branches
        .first()
        .getByRole('button', { name: /^Save a run that took check → .* → sorry as a test$/ })
        .click()
      await expect(untested.getByRole('status').filter({ hasText: 'Saved the test' })).toContainText(
        'Saved the test “From Production: check → ',
      )
      await expect(untested).toContainText(
        'Every branch the 2 runs of Production took is taken by the 2 saved tests.',
        {
          timeout: 30_000,
        },
      )
      // The saved run replays against today's flow (masked, as a server's run is by default) and passes.
      const saved = emulator.getByTestId('conversation-test')
      await expect(saved).toHaveCount(2)
      await emulator.getByRole('button', { name: 'Run all' }).click()
      await expect(saved.nth(0)).toHaveAttribute('data-status', 'passed')
      await expect(saved.nth(1)).toHaveAttribute('data-status', 'passed')
      await page.getByRole('radio', { name: 'Dark' }).click()
      await page.screenshot({ path: test.info().outputPath('untested-traffic-covered-dark.png') })
    } finally {
      await stop()
    }
  })
}
