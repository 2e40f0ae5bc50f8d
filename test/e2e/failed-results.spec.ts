import path from 'node:path'
import Database from 'better-sqlite3'
import { apiCall } from './emulator-helpers'
import { expect, test, type StudioFixture } from './fixtures'

// Failed results are shown where the user is looking, produced by real conditions: saved settings damaged in the
// studio's SQLite file while the studio was closed, and a command the back end refuses.

process.env.CHATFLOW_WEBHOOK_PORT = '0'

/** Stops the host, writes `rows` into the settings table of its database file, and starts it again. */
async function damageSettings(studio: StudioFixture, rows: Record<string, string>): Promise<void> {
  await studio.stop()
  const db = new Database(path.join(studio.dataDir, 'studio.sqlite'))
  const put = db.prepare('INSERT OR REPLACE INTO settings (key, value, updated_at) VALUES (?, ?, 0)')
  for (const [key, value] of Object.entries(rows)) put.run(key, value)
  db.close()
  await studio.start()
}

test('damaged saved settings are reported on the flows list, not silently reset', async ({ page, studio }) => {
  await damageSettings(studio, { 'flows.sort': '{"by": nam', 'webhook.listener': '{"port": "seven"}' })
  await studio.open(page)
  await expect(page.getByRole('alert').filter({ hasText: 'The saved sort order was not applied' })).toContainText(
    'setting "flows.sort": it is not valid JSON',
  )
  // The listener had to start with its defaults: every window says so until dismissed.
  const notice = page.getByRole('alert').filter({ hasText: 'webhook listener settings cannot be read' })
  await expect(notice).toContainText('setting "webhook.listener": port:')
  await notice.getByRole('button', { name: 'Dismiss' }).click()
  await expect(notice).toBeHidden()
  // Choosing an order saves it again, and the next start finds it readable.
  await page.getByLabel('Sort by').selectOption('name')
  await expect
    .poll(() => apiCall<{ value: unknown }>(page, 'settings.get', { key: 'flows.sort' }))
    .toEqual({ value: 'name' })
})

test('the Retention dialog shows a policy it cannot read and a refused save, and saving replaces it', async ({
  page,
  studio,
}) => {
  await damageSettings(studio, { 'logs.retention': '{"days": "forever"}' })
  await studio.open(page)
  const flow = await apiCall<{ id: string }>(page, 'flows.create', { name: 'Orders' })
  await studio.open(page, `#/flows/${flow.id}/logs`)
  await page.getByRole('button', { name: 'Retention…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Log retention' })
  await expect(dialog.getByRole('alert')).toContainText(
    'The saved log retention cannot be read (setting "logs.retention": days:',
  )

  await dialog.getByLabel('Keep days').fill('5000')
  await dialog.getByRole('button', { name: 'Save retention' }).click()
  await expect(dialog.getByRole('alert')).toContainText('Keep runs for (days): ')
  await expect(dialog.getByRole('alert')).toContainText('3650')

  await dialog.getByLabel('Keep days').fill('30')
  await dialog.getByRole('button', { name: 'Save retention' }).click()
  await expect(dialog.getByRole('alert')).toBeHidden()
  await expect(page.getByRole('status')).toContainText('Retention saved')
  expect(await apiCall(page, 'logs.retention.get', {})).toEqual({ days: 30, keepLast: null })
})
