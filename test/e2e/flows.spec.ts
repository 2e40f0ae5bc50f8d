import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import BetterSqlite3 from 'better-sqlite3'
import { test, expect, HostProcess } from './fixtures'

// A flow's name is its row's link; other links in the row (e.g. "Logs of …") contain the name too, hence exact.
const flowLink = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Flows' }).getByRole('link', { name, exact: true })
/** The names of the listed flows, top to bottom (each row is labelled with its flow's name). */
const listedNames = (page: Page) =>
  page
    .getByRole('list', { name: 'Flows' })
    .getByRole('listitem')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label')))

test('a new user sees what to do, creates a flow, renames it, and finds it after a restart', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  await expect(page.getByRole('heading', { name: 'No flows yet' })).toBeVisible()
  await page.getByRole('button', { name: 'Create your first flow' }).click()

  const name = page.getByLabel('Flow name')
  await expect(name).toBeFocused()
  await name.fill('Order status')
  await name.press('Enter')
  const flows = page.getByRole('list', { name: 'Flows' })
  await expect(flows.getByRole('listitem')).toHaveCount(1)
  await expect(flowLink(page, 'Order status')).toBeVisible()
  await expect(flows.getByText('1 node')).toBeVisible()

  await page.getByRole('button', { name: 'Rename Order status' }).click()
  await page.getByLabel('Flow name').fill('Order status v2')
  await page.getByLabel('Flow name').press('Enter')
  await expect(flowLink(page, 'Order status v2')).toBeVisible()

  await studio.restart()
  await page.reload()
  await expect(flowLink(page, 'Order status v2')).toBeVisible()
})

test('delete asks first, then Undo brings the flow back; without Undo it stays gone', async ({ page, studio }) => {
  await studio.open(page)
  for (const flowName of ['Keep me', 'Drop me']) {
    await page.getByRole('button', { name: 'New flow' }).click()
    await page.getByLabel('Flow name').fill(flowName)
    await page.getByLabel('Flow name').press('Enter')
    await expect(flowLink(page, flowName)).toBeVisible()
  }

  await page.getByRole('button', { name: 'Delete Keep me' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Delete “Keep me”?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(flowLink(page, 'Keep me')).toBeVisible()

  await page.getByRole('button', { name: 'Delete Keep me' }).click()
  await page.getByRole('button', { name: 'Delete flow' }).click()
  await expect(flowLink(page, 'Keep me')).toHaveCount(0)
  await expect(page.getByRole('status')).toContainText('Deleted “Keep me”.')
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(flowLink(page, 'Keep me')).toBeVisible()

  await page.getByRole('button', { name: 'Delete Drop me' }).click()
  await page.getByRole('button', { name: 'Delete flow' }).click()
  await expect(page.getByRole('status')).toContainText('Deleted “Drop me”.')
  await page.getByRole('button', { name: 'Dismiss' }).click()

  await studio.restart()
  await page.reload()
  const flows = page.getByRole('list', { name: 'Flows' })
  await expect(flowLink(page, 'Keep me')).toBeVisible()
  await expect(flows.getByRole('listitem')).toHaveCount(1)
})

// A row that grew when its coverage badge arrived moved the rows below it between Playwright's aim and its click
// (CI: "Delete Keep me" was clicked and no dialog came). The row keeps the badge's line before the badge comes.
test('a row keeps its height when its coverage badge arrives, so nothing moves under the pointer', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  await page.getByRole('button', { name: 'Create your first flow' }).click()
  await page.getByLabel('Flow name').fill('Steady')
  await page.getByLabel('Flow name').press('Enter')
  await expect(page.getByLabel('Branch coverage of Steady')).toBeVisible()
  const heights = await page.getByRole('listitem', { name: 'Steady' }).evaluate((row) => {
    const health = row.querySelector('.flow-health')!
    const withBadge = row.getBoundingClientRect().height
    const badges = [...health.childNodes]
    for (const b of badges) health.removeChild(b)
    const without = row.getBoundingClientRect().height
    for (const b of badges) health.appendChild(b)
    return { withBadge, without }
  })
  expect(heights.without).toBe(heights.withBadge)
})

async function createFlows(page: Page, names: string[]): Promise<void> {
  for (const flowName of names) {
    await page.keyboard.press('n')
    await page.getByLabel('Flow name').fill(flowName)
    await page.getByLabel('Flow name').press('Enter')
    await expect(flowLink(page, flowName)).toBeVisible()
  }
}

test('duplicate, activate and deactivate, kept across a restart', async ({ page, studio }) => {
  await studio.open(page)
  await createFlows(page, ['Beta support', 'alpha orders'])
  await page.getByRole('button', { name: 'Duplicate Beta support' }).click()
  await expect(flowLink(page, 'Beta support (copy)')).toBeVisible()

  const active = page.getByRole('switch', { name: 'Active: Beta support', exact: true })
  await active.check()
  await expect(active).toBeChecked()

  await studio.restart()
  await page.reload()
  await expect(page.getByRole('switch', { name: 'Active: Beta support', exact: true })).toBeChecked()
  await expect(page.getByRole('switch', { name: 'Active: Beta support (copy)' })).not.toBeChecked()
  await expect(page.getByRole('switch', { name: 'Active: alpha orders' })).not.toBeChecked()

  await page.getByRole('switch', { name: 'Active: Beta support', exact: true }).uncheck()
  await expect(page.getByRole('switch', { name: 'Active: Beta support', exact: true })).not.toBeChecked()
  await page.reload()
  await expect(page.getByRole('switch', { name: 'Active: Beta support', exact: true })).not.toBeChecked()
})

test('search by name, sort by name or by last change; the sort is remembered', async ({ page, studio }) => {
  await studio.open(page)
  await createFlows(page, ['Beta support', 'alpha orders', 'Gamma desk'])

  await page.getByLabel('Sort by').selectOption('name')
  await expect.poll(() => listedNames(page)).toEqual(['alpha orders', 'Beta support', 'Gamma desk'])

  await page.keyboard.press('/')
  await expect(page.getByLabel('Search flows')).toBeFocused()
  await page.keyboard.type('SUPPORT')
  await expect.poll(() => listedNames(page)).toEqual(['Beta support'])
  await page.getByLabel('Search flows').fill('zzz')
  await expect(page.getByRole('heading', { name: 'No flows match “zzz”' })).toBeVisible()
  await page.getByRole('button', { name: 'Clear search' }).click()
  await expect.poll(() => listedNames(page)).toHaveLength(3)

  await studio.restart()
  await page.reload()
  await expect(page.getByLabel('Sort by')).toHaveValue('name')
  await expect.poll(() => listedNames(page)).toEqual(['alpha orders', 'Beta support', 'Gamma desk'])

  // Last change first: newest on top, and a renamed flow moves up.
  await page.getByLabel('Sort by').selectOption('updated')
  await expect.poll(() => listedNames(page)).toEqual(['Gamma desk', 'alpha orders', 'Beta support'])
  await page.getByRole('button', { name: 'Rename Beta support' }).click()
  await page.getByLabel('Flow name').fill('Beta help')
  await page.getByLabel('Flow name').press('Enter')
  await expect.poll(() => listedNames(page)).toEqual(['Beta help', 'Gamma desk', 'alpha orders'])
})

test('opening a flow routes to the editor and back', async ({ page, studio }) => {
  await studio.open(page)
  await page.getByRole('button', { name: 'Create your first flow' }).click()
  await page.getByLabel('Flow name').fill('Routed')
  await page.getByLabel('Flow name').press('Enter')
  await flowLink(page, 'Routed').click()
  await expect(page).toHaveURL(/#\/flows\/flw_[a-z0-9]+$/)
  // A new flow starts with one node: a Trigger named trigger_1.
  await expect(page.getByRole('group', { name: 'Trigger trigger_1' })).toBeVisible()
  await expect(page.locator('.flow-card')).toHaveCount(1)
  await page.getByRole('button', { name: 'Back to flows' }).click()
  await expect(flowLink(page, 'Routed')).toBeVisible()
})

test('a bad contract request gets a typed error and the back end keeps serving', async ({ page, studio }) => {
  await studio.open(page)
  const answers = await page.evaluate(async () => {
    const ws = new WebSocket(`ws://${location.host}/api`)
    const inbox: unknown[] = []
    ws.onmessage = (e) => inbox.push(JSON.parse(String(e.data)))
    await new Promise((resolve) => (ws.onopen = resolve))
    ws.send('{not json')
    ws.send(JSON.stringify({ type: 'call', id: 1, command: 'flows.drop_all_tables', payload: {} }))
    ws.send(JSON.stringify({ type: 'call', id: 2, command: 'flows.rename', payload: { id: 42, name: '' } }))
    ws.send(JSON.stringify({ type: 'call', id: 3, command: 'flows.save', payload: { document: { nodes: 'x' } } }))
    ws.send(JSON.stringify({ type: 'call', id: 4, command: 'flows.list', payload: {} }))
    while (inbox.length < 5) await new Promise((resolve) => setTimeout(resolve, 20))
    ws.close()
    return inbox
  })
  expect(answers).toContainEqual(
    expect.objectContaining({ type: 'error', error: expect.objectContaining({ code: 'bad_request' }) }),
  )
  const byId = (id: number) => answers.find((a) => (a as { id?: number }).id === id)
  expect(byId(1)).toMatchObject({ result: { ok: false, error: { code: 'unknown_command' } } })
  expect(byId(2)).toMatchObject({ result: { ok: false, error: { code: 'bad_request' } } })
  expect(byId(3)).toMatchObject({ result: { ok: false, error: { code: 'bad_request' } } })
  expect(byId(4)).toMatchObject({ result: { ok: true, value: [] } })

  await page.getByRole('button', { name: 'Create your first flow' }).click()
  await page.getByLabel('Flow name').press('Enter')
  await expect(flowLink(page, 'Untitled flow')).toBeVisible()
  expect(studio.output()).not.toMatch(/internal error/i)
})

test('a second studio on the same data folder, a damaged or a newer database: refused with a message, file untouched', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  await page.getByRole('button', { name: 'Create your first flow' }).click()
  await page.getByLabel('Flow name').fill('Precious')
  await page.getByLabel('Flow name').press('Enter')
  await expect(flowLink(page, 'Precious')).toBeVisible()

  const second = new HostProcess(studio.dataDir)
  await expect(second.start()).rejects.toThrow(/host exited with 1[\s\S]*in use by another running Chatflow Studio/)
  // The first studio keeps working.
  await page.getByRole('button', { name: 'Duplicate Precious' }).click()
  await expect(flowLink(page, 'Precious (copy)')).toBeVisible()
  await studio.stop()

  const file = path.join(studio.dataDir, 'studio.sqlite')
  const db = new BetterSqlite3(file)
  db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, ?, 0)').run('from_the_future')
  db.close()
  const newer = fs.readFileSync(file)
  await expect(studio.start()).rejects.toThrow(/written by a newer version of Chatflow Studio/)
  expect(fs.readFileSync(file).equals(newer)).toBe(true)

  const notes = 'my notes, not a database\n'
  fs.writeFileSync(file, notes)
  await expect(studio.start()).rejects.toThrow(/damaged or is not a Chatflow Studio database/)
  expect(fs.readFileSync(file, 'utf8')).toBe(notes)
})
