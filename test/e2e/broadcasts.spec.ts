import fs from 'node:fs'
import { apiCall } from './emulator-helpers'
import { contactsCsv, newCsvBroadcast, storeFeedbackStart } from './broadcast-helpers'
import { expect, test } from './fixtures'

// A broadcast in the studio, as a person runs one: a CSV of phone numbers imported with its bad rows reported, a dry
// run (how many would be sent, the cost), the start, its progress to the end, the results per contact filtered by
// state and exported as CSV; and one scheduled for later, paused, resumed and cancelled.

test('a studio broadcast: CSV import with refused rows, dry run, start, progress, results, filter and export', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  const flow = await storeFeedbackStart(page)
  await page.getByRole('link', { name: 'Broadcasts' }).click()
  await expect(page.getByRole('heading', { name: 'Broadcasts', level: 1 })).toBeVisible()
  await expect(page.getByText('No broadcasts on this studio yet')).toBeVisible()

  const dialog = await newCsvBroadcast(page, 'Feedback, December', flow.name, contactsCsv(4))
  await expect(dialog.getByRole('status').filter({ hasText: 'imported' })).toHaveText(
    '4 contacts imported, 3 rows refused.',
  )
  const refused = dialog.getByRole('table', { name: 'Refused rows' })
  await expect(refused.getByRole('row', { name: 'Line 6' })).toContainText('12345')
  await expect(refused.getByRole('row', { name: 'Line 7' })).toContainText('+447700900100')
  await expect(refused.getByRole('row', { name: 'Line 8' })).toBeVisible()

  // Variables that are not a JSON object are said where they were typed, before anything is asked of the back end.
  await dialog.getByLabel('Variables for every recipient (JSON, optional)').fill('[1]')
  await dialog.getByRole('button', { name: 'Dry run' }).click()
  await expect(dialog.getByRole('alert')).toContainText('Write one JSON object')
  await dialog.getByLabel('Variables for every recipient (JSON, optional)').fill('{"order_id": "A-0"}')

  await dialog.getByRole('button', { name: 'Dry run' }).click()
  const report = dialog.getByRole('region', { name: 'Dry run' })
  await expect(report).toContainText('Would send to 4 of 4 contacts')
  await expect(report.getByRole('table', { name: 'Cost' }).getByLabel('Total cost')).toHaveText('4 credits')
  await dialog.getByRole('button', { name: 'Start broadcast' }).click()

  // The broadcast's page: progress to the end, the result of each contact.
  await expect(page.getByRole('heading', { name: 'Feedback, December', level: 2 })).toBeVisible()
  await expect(page.getByRole('status', { name: 'Status' })).toHaveText('Done', { timeout: 30_000 })
  await expect(page.getByText('4 of 4 (100 %)')).toBeVisible()
  const results = page.getByRole('table', { name: 'Results' })
  await expect(results.getByRole('row')).toHaveCount(5)
  await expect(results.getByRole('row', { name: 'Customer 1 +447700900100' })).toContainText('Succeeded')
  await expect(results.getByRole('row', { name: 'Customer 1 +447700900100' })).toContainText('1 credit')
  await page.getByLabel('Show').selectOption('failed')
  await expect(page.getByText('No contact is failed in this broadcast.')).toBeVisible()
  await page.getByLabel('Show').selectOption('sent')
  await expect(results.getByRole('row')).toHaveCount(5)

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const csv = fs.readFileSync(await (await download).path(), 'utf8')
  expect(csv.split('\n')[0]).toMatch(/^\uFEFF?phone,name,status/)
  for (let i = 0; i < 4; i++) expect(csv).toContain(`+4477009001${String(i).padStart(2, '0')}`)

  // The list says how it went.
  await page.getByRole('link', { name: '← All broadcasts' }).click()
  const row = page.getByRole('table', { name: 'Broadcasts' }).getByRole('row', { name: 'Feedback, December' })
  await expect(row).toContainText('Done')
  await expect(row).toContainText('4 credits')
  const listed = await apiCall<{ broadcasts: Array<{ counts: { sent: number } }> }>(page, 'broadcasts.list', {
    target: 'studio',
  })
  expect(listed.broadcasts[0]?.counts.sent).toBe(4)
})

test('a broadcast scheduled for later is paused, resumed and cancelled', async ({ page, studio }) => {
  await studio.open(page)
  const flow = await storeFeedbackStart(page)
  await page.goto(`${studio.url}/#/broadcasts`)
  const dialog = await newCsvBroadcast(page, 'New year', flow.name, contactsCsv(3))
  await dialog.getByLabel('At a date and time').check()
  await dialog.getByLabel('Date and time', { exact: true }).fill('2099-01-01T10:00')
  await dialog.getByLabel('Time zone').fill('Europe/London')
  await dialog.getByRole('button', { name: 'Dry run' }).click()
  await expect(dialog.getByRole('region', { name: 'Dry run' })).toContainText('Would send to 3 of 3')
  await dialog.getByRole('button', { name: 'Start broadcast' }).click()

  const status = page.getByRole('status', { name: 'Status' })
  await expect(status).toHaveText('Scheduled')
  await page.getByRole('button', { name: 'Pause' }).click()
  await expect(status).toHaveText('Paused')
  await page.getByRole('button', { name: 'Resume' }).click()
  await expect(status).toHaveText('Scheduled')
  await page.getByRole('button', { name: 'Cancel broadcast' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel broadcast' }).click()
  await expect(status).toHaveText('Cancelled')
  await expect(page.getByRole('button', { name: 'Resume' })).toHaveCount(0)
  const results = page.getByRole('table', { name: 'Results' })
  await expect(results.getByRole('row', { name: /Customer 2/ })).toContainText('Cancelled')
})

test('a segment by tag and field: the dry run says who is blocked and why', async ({ page, studio }) => {
  await studio.open(page)
  const flow = await storeFeedbackStart(page)
  const contact = (name: string, phone: string, optedIn: boolean, city: string) =>
    apiCall(page, 'contacts.save', { name, phone, optedIn, tags: ['vip'], fields: { city } })
  await contact('Asha Rao', '+919800000001', true, 'Pune')
  await contact('Ravi Kumar', '+919800000002', false, 'Pune')
  await contact('Mei Chen', '+919800000003', true, 'Leeds')
  await page.goto(`${studio.url}/#/broadcasts`)
  await page.getByRole('button', { name: 'New broadcast' }).first().click()
  const dialog = page.getByRole('dialog', { name: /New broadcast/ })
  await dialog.getByRole('button', { name: 'Dry run' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Give the broadcast a name, e.g. “December offer”.')
  await dialog.getByLabel('Name').fill('Pune VIPs')
  await dialog.getByLabel('Flow').selectOption({ label: flow.name })
  await dialog.getByLabel('Tags (all of them; blank: every contact)').fill('vip')
  await dialog.getByLabel('Fields equal to (one per line)').fill('Pune')
  await dialog.getByRole('button', { name: 'Dry run' }).click()
  await expect(dialog.getByRole('alert')).toContainText('Line 1 (“Pune”) needs a field name')
  await dialog.getByLabel('Fields equal to (one per line)').fill('city = Pune')
  await dialog.getByRole('button', { name: 'Dry run' }).click()
  const report = dialog.getByRole('region', { name: 'Dry run' })
  await expect(report).toContainText('Would send to 1 of 2 contacts')
  await expect(report.getByRole('table', { name: 'Blocked' }).getByRole('row', { name: /Opted out/ })).toContainText(
    '1',
  )
})
