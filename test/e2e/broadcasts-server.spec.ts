import fs from 'node:fs'
import { contactsCsv, newCsvBroadcast, storeFeedbackStart } from './broadcast-helpers'
import { skipWithoutStore, startChannelServe } from './channel-serve'
import { expect, test } from './fixtures'
import { addPublishServer } from './runtime-helpers'

// A broadcast on a production server: the studio publishes a flow that starts with a template to `chatflow serve`
// (the server bundle, its state in SQLite, then in PostgreSQL) whose channel is the fake Cloud API, then runs a broadcast there from the
// Broadcasts screen. The server allows two new conversations a day (--conversation-limit 2), so of four contacts it
// sends to two and waits for the limit: progress stops there without racing any clock, pause and resume act on it,
// and the exported results say who got the template and who waits.

for (const store of ['sqlite', 'postgres'] as const) {
  test(`a broadcast on a production server (${store}): CSV, dry run, progress up to the daily limit, pause, resume, export`, async ({
    page,
    studio,
  }) => {
    test.setTimeout(120_000)
    skipWithoutStore(store)
    const { fake, serve, stop } = await startChannelServe(store, ['--conversation-limit', '2'])
    try {
      await studio.open(page)
      const flow = await storeFeedbackStart(page)
      await page.reload()
      const publish = await addPublishServer(page, serve.api)
      await publish.getByRole('button', { name: 'Validate and publish' }).click()
      await expect(publish.getByRole('status')).toHaveText('Published version 1.')
      await publish.getByRole('button', { name: 'Close' }).click()

      await page.goto(`${studio.url}/#/broadcasts`)
      await page.getByLabel('Run on').selectOption({ label: 'Production' })
      await expect(page.getByText('No broadcasts on Production yet')).toBeVisible()
      const dialog = await newCsvBroadcast(page, 'Feedback on the server', flow.name, contactsCsv(4))
      await expect(dialog.getByRole('table', { name: 'Refused rows' }).getByRole('row')).toHaveCount(4)
      await dialog.getByRole('button', { name: 'Dry run' }).click()
      const report = dialog.getByRole('region', { name: 'Dry run' })
      await expect(report).toContainText('Would send to 4 of 4 contacts')
      await expect(report).toContainText('4 new conversations: 2 days to get through the daily limit.')
      await expect(report.getByRole('table', { name: 'Cost' }).getByLabel('Total cost')).toHaveText('4 credits')
      await dialog.getByRole('button', { name: 'Start broadcast' }).click()

      // Two go out, then the server waits for the rolling 24 hours to free room.
      const status = page.getByRole('status', { name: 'Status' })
      await expect(status).toHaveText('Waiting for the daily limit', { timeout: 30_000 })
      await expect(page.getByText('2 of 4 (50 %)')).toBeVisible()
      const results = page.getByRole('table', { name: 'Results' })
      await expect(results.getByRole('row', { name: /Customer 1 / })).toContainText('Succeeded')
      await expect(results.getByRole('row', { name: /Customer 3 / })).toContainText('Pending')
      // The two started ones reach the fake as the outbox sends them (their status may say so a moment before).
      await expect.poll(() => fake.to('447700900100').length).toBe(1)
      await expect.poll(() => fake.to('447700900101').length).toBe(1)
      expect(fake.to('447700900102')).toHaveLength(0)

      await page.getByRole('button', { name: 'Pause' }).click()
      await expect(status).toHaveText('Paused')
      await page.getByRole('button', { name: 'Resume' }).click()
      await expect(status).toHaveText('Waiting for the daily limit')
      await page.getByLabel('Show').selectOption('pending')
      await expect(results.getByRole('row')).toHaveCount(3)

      const download = page.waitForEvent('download')
      await page.getByRole('button', { name: 'Export CSV' }).click()
      const lines = fs
        .readFileSync(await (await download).path(), 'utf8')
        .trim()
        .split('\n')
      expect(lines).toHaveLength(5)
      expect(lines.filter((l) => l.includes(',succeeded,'))).toHaveLength(2)
      expect(lines.filter((l) => l.includes(',pending,'))).toHaveLength(2)
      // Nothing was sent twice.
      expect(fake.sends).toHaveLength(2)
    } finally {
      await stop()
    }
  })
}
