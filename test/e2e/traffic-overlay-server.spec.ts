import { customerMessage, messageId } from '../../electron/runtime/testing/channel-payloads'
import { APP_SECRET } from '../../electron/runtime/testing/channel-runtime'
import type { FlowDocument } from '../../shared/flow/document'
import { apiCall } from './emulator-helpers'
import { skipWithoutStore, startChannelServe } from './channel-serve'
import { expect, test } from './fixtures'
import { addPublishServer } from './runtime-helpers'
import { card, expectCardTraffic, sizesFlow } from './traffic-overlay-helpers'

// The Traffic overlay over a production server's runs: the studio publishes a flow to `chatflow serve` (the server
// bundle, its state in SQLite, then in PostgreSQL) whose channel is the fake Cloud API; customers write to the
// server's webhook (three on version 1: one confirmed, one refused, one who never answers; one on version 2, confirmed).
// The canvas then shows what the server counted on every card and connection, a goal funnel, and the two versions
// side by side.

for (const store of ['sqlite', 'postgres'] as const) {
  test(`traffic of a production server on the canvas (${store}): counts, a goal funnel, two versions side by side`, async ({
    page,
    studio,
  }) => {
    test.setTimeout(240_000)
    skipWithoutStore(store)
    const { fake, serve, stop } = await startChannelServe(store)
    const say = async (phone: string, name: string, text: string, replies: number) => {
      const res = await fake.postWebhook(
        `${serve.hook}/channel/webhook`,
        customerMessage(phone, name, { type: 'text', text }, messageId()),
        APP_SECRET,
      )
      expect(res.status).toBe(200)
      // The server has taken the message once the reply it sends reaches the channel.
      await expect.poll(() => fake.to(phone.slice(1)).length, { timeout: 20_000 }).toBe(replies)
    }
    try {
      await studio.open(page)
      const created = await apiCall<{ id: string; revision: number }>(page, 'flows.create', { name: 'Sizes' })
      const v1 = sizesFlow('Sizes')
      await apiCall(page, 'flows.save', { document: { ...v1, id: created.id }, expectedRevision: created.revision })
      await page.reload() // the flow in the list, Publish… beside it
      const publish = await addPublishServer(page, serve.api)
      await publish.getByRole('button', { name: 'Validate and publish' }).click()
      await expect(publish.getByRole('status')).toHaveText('Published version 1.', { timeout: 30_000 })
      await publish.getByRole('button', { name: 'Close' }).click()

      await say('+447700900201', 'Ann', 'sizes', 1)
      await say('+447700900201', 'Ann', 'M', 2)
      await say('+447700900202', 'Ben', 'sizes', 1)
      await say('+447700900202', 'Ben', 'L', 2)
      await say('+447700900203', 'Cat', 'sizes', 1) // never answers: waits at ask

      // Version 2 rewords the confirmation; Dan's run starts on it.
      const stored = await apiCall<{ document: FlowDocument; revision: number }>(page, 'flows.get', { id: created.id })
      const v2 = { ...sizesFlow('Sizes', 'Size {{size}} is yours.'), id: created.id }
      await apiCall(page, 'flows.save', { document: v2, expectedRevision: stored.revision })
      const { servers } = await apiCall<{ servers: Array<{ id: string }> }>(page, 'publish.servers.list', {})
      const sent = await apiCall<{ version: { version: number } }>(page, 'publish.send', {
        serverId: servers[0]!.id,
        flowId: created.id,
      })
      expect(sent.version.version).toBe(2)
      await say('+447700900204', 'Dan', 'sizes', 1)
      await say('+447700900204', 'Dan', 'M', 2)

      await page.goto(`${studio.url}/#/flows/${created.id}`)
      const toggle = page.getByRole('switch', { name: 'Traffic' })
      await toggle.check()
      const panel = page.getByRole('region', { name: 'Traffic' })
      // This studio ran nothing: the empty state says what to do.
      await expect(panel).toContainText('No runs started in this studio')
      await expect(panel).toContainText('pick a production server in “Runs of”')
      await page.screenshot({ path: test.info().outputPath(`traffic-empty-${store}.png`) })
      await panel.getByRole('combobox', { name: 'Runs of' }).selectOption({ label: 'server Production' })
      await expect(panel.getByTestId('traffic-summary')).toHaveText(
        '4 runs started last 30 days: 3 ended, 0 failed, 0 expired, 0 abandoned, 1 waiting; 1.8 turns per run.',
      )
      // The median answer time is real time on the server: its words are asserted, not its value.
      await expectCardTraffic(
        page,
        'ask',
        /^Traffic: 4 reached; 1 stopped here \(1 waiting\); median answer time [^;]+ \(3 answers\)$/,
      )
      await expectCardTraffic(page, 'confirm', 'Traffic: 2 reached; none stopped here')
      await expectCardTraffic(page, 'sorry', 'Traffic: 1 reached; none stopped here')
      await expect(card(page, 'ask').locator('.flow-card-traffic')).toContainText('4 reached1 stopped')
      // Connections: the exact numbers in their names, thicker where more runs went.
      const edge = (id: string) => page.locator(`.react-flow__edge[data-id="${id}"]`)
      await expect(edge('e_3')).toHaveAttribute('aria-label', /2 runs, 67 % of the runs that reached its source/)
      await expect(edge('e_4')).toHaveAttribute('aria-label', /1 run, 33 %/)
      await expect(edge('e_7')).toHaveAttribute('aria-label', /0 runs, 0 %/) // no answer was refused
      await expect(edge('e_7')).toHaveClass(/traffic-none/)
      const width = (id: string) =>
        edge(id)
          .locator('.react-flow__edge-path')
          .evaluate((p) => parseFloat(getComputedStyle(p).strokeWidth))
      expect(await width('e_3')).toBeGreaterThan(await width('e_4'))
      // The numbers show on focus (the keyboard's hover; the docs' picture shows one hovered).
      const label = edge('e_3').locator('.react-flow__edge-textwrapper')
      await expect(label).toHaveCSS('opacity', '0')
      await edge('e_3').focus()
      await expect(label).toHaveCSS('opacity', '1')
      await expect(label).toHaveText('2 runs, 67 %')

      // Set as goal from the card's menu, with the keyboard.
      await card(page, 'confirm').click()
      await page.locator('.react-flow__node[data-id="n_confirm"]').focus()
      await page.keyboard.press('Shift+F10')
      await page.getByRole('menuitem', { name: 'Set as goal' }).click()
      await expect(panel.getByTestId('traffic-funnel')).toHaveText('reached confirm: 2 of 4, 50 %')
      await expect(panel.getByRole('list', { name: 'Most taken path to the goal' }).getByRole('listitem')).toHaveText([
        'trigger_1 4 100 %',
        'ask 4 100 %',
        'check 3 75 %',
        'confirm 2 50 %',
      ])
      await expectCardTraffic(page, 'confirm', /^Traffic: Goal\. 2 reached/)

      // Version 1 side by side with version 2.
      await panel.getByRole('combobox', { name: 'Version', exact: true }).selectOption({ label: 'version 1' })
      await expectCardTraffic(page, 'ask', /^Traffic: 3 reached; 1 stopped here \(1 waiting\); .* \(2 answers\)$/)
      await panel.getByRole('combobox', { name: 'Side by side with' }).selectOption({ label: 'version 2' })
      await expect(panel.getByTestId('traffic-funnel')).toHaveText(
        'v1: reached confirm: 1 of 3, 33 %v2: reached confirm: 1 of 1, 100 %',
      )
      const table = panel.getByRole('table', { name: 'Side by side' })
      await expect(table.getByRole('row', { name: /Conversion to the goal/ })).toHaveText(
        'Conversion to the goal33 % (1 of 3)100 % (1 of 1)',
      )
      await expect(table.getByRole('row', { name: /Runs started/ })).toHaveText('Runs started31')
      await expect(table.getByRole('row', { name: /Waiting now/ })).toHaveText('Waiting now1 (33 %)0 (0 %)')
      await expect(table.getByRole('row', { name: /Turns per run/ })).toHaveText('Turns per run1.72')
      await expect(
        panel.getByRole('table', { name: 'Drop-off per node' }).getByRole('row', { name: /ask/ }),
      ).toHaveText('ask33 % (1 of 3)0 % (0 of 1)')
      await expectCardTraffic(
        page,
        'confirm',
        'Traffic: Goal. v1: 1 reached; none stopped here. v2: 1 reached; none stopped here',
      )
      await expect(edge('e_3')).toHaveAttribute('aria-label', /v1 1 run, 50 %; v2 1 run, 100 %/)
      await page.screenshot({ path: test.info().outputPath(`traffic-${store}.png`) })

      // Off: the canvas is as it was.
      await page.keyboard.press('Alt+Shift+T')
      await expect(toggle).not.toBeChecked()
      await expect(panel).toBeHidden()
      await expect(card(page, 'ask')).not.toHaveAttribute('aria-description', /Traffic/)
    } finally {
      await stop()
    }
  })
}
