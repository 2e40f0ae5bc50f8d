import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures'
import { RUNTIME_KEY, startRuntime } from './runtime-helpers'
import { apiCall } from './emulator-helpers'

const listedNames = (page: Page) =>
  page
    .getByRole('list', { name: 'Flows' })
    .getByRole('listitem')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label')))

async function newFlow(page: Page, name: string) {
  await page.getByRole('button', { name: 'New flow' }).click()
  await page.getByLabel('Flow name').fill(name)
  await page.getByLabel('Flow name').press('Enter')
  await expect(page.getByRole('list', { name: 'Flows' }).getByRole('link', { name, exact: true })).toBeVisible()
}

async function exportAll(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Export…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Export flows' })
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: /^Export \d+ flows?$/ }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/\.chatflow\.json$/)
  return fs.readFileSync((await download.path())!, 'utf8')
}

test('export downloads a bundle; importing it back asks about each conflict and keeps both', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  await newFlow(page, 'Orders')
  await newFlow(page, 'Leads')
  const text = await exportAll(page)
  const bundle = JSON.parse(text)
  expect(bundle.format).toBe('chatflow.bundle/1')
  expect(bundle.flows.map((f: { document: { name: string } }) => f.document.name).sort()).toEqual(['Leads', 'Orders'])
  expect(text).not.toContain('whsec_')

  await page
    .getByLabel('Import file')
    .setInputFiles({ name: 'flows.chatflow.json', mimeType: 'application/json', buffer: Buffer.from(text) })
  const dialog = page.getByRole('dialog', { name: 'Import flows.chatflow.json' })
  await expect(dialog.getByText('2 of 2 flows meet a flow you already have')).toBeVisible()
  await dialog.getByRole('combobox').first().selectOption('skip')
  await dialog.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(dialog.getByRole('status')).toHaveText('Imported 1 flow, skipped 1.')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect.poll(async () => (await listedNames(page)).sort()).toHaveLength(3)
  expect((await listedNames(page)).filter((n) => n?.endsWith(' (2)'))).toHaveLength(1)
})

test('a bad file dropped on the list is refused with the file, the path and the reason, and nothing changes', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  await newFlow(page, 'Orders')
  const good = JSON.parse(await exportAll(page))
  good.flows[0].document.nodes[0].type = 'teleport'
  const text = JSON.stringify(good)
  // A real drop: a DataTransfer holding the file, dispatched on the page.
  const transfer = await page.evaluateHandle((body) => {
    const dt = new DataTransfer()
    dt.items.add(new File([body], 'broken.json', { type: 'application/json' }))
    return dt
  }, text)
  await page.dispatchEvent('main', 'dragover', { dataTransfer: transfer })
  await page.dispatchEvent('main', 'drop', { dataTransfer: transfer })
  const dialog = page.getByRole('dialog', { name: 'Import broken.json' })
  await expect(dialog.getByText('nothing was changed')).toBeVisible()
  await expect(dialog.getByRole('list', { name: 'Problems' })).toContainText('/flows/0/document/nodes/0/type')
  await dialog.getByRole('button', { name: 'Close' }).click()
  expect(await listedNames(page)).toEqual(['Orders'])
})

test('exporting with secrets warns first', async ({ page, studio }) => {
  await studio.open(page)
  await newFlow(page, 'Orders')
  await page.getByRole('button', { name: 'Export…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Export flows' })
  await dialog.getByLabel('Include webhook secrets').check()
  await expect(dialog.getByRole('alert')).toContainText('never the secrets: a studio that imports it with them')
})

test('publish to a runtime: servers in settings, validation first, history and rollback', async ({ page, studio }) => {
  test.setTimeout(120_000)
  const runtime = await startRuntime()
  const apiUrl = runtime.url
  const key = RUNTIME_KEY
  try {
    await studio.open(page)
    await page.getByLabel('Import file').setInputFiles('resources/examples/age-gate.flow.json')
    await expect(page.getByRole('dialog', { name: /^Import/ }).getByRole('status')).toHaveText('Imported 1 flow.')
    await page
      .getByRole('dialog', { name: /^Import/ })
      .getByRole('button', { name: 'Close' })
      .click()

    await page.getByRole('button', { name: 'Publish…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Publish' })
    await expect(
      dialog.getByText(/API keys: Kept encrypted in the studio database, with a key kept outside it/),
    ).toBeVisible()
    await dialog.getByLabel('Server name').fill('Production')
    await dialog.getByLabel('Base URL').fill(apiUrl)
    await dialog.getByLabel('API key').fill(key)
    await dialog.getByRole('button', { name: 'Add server' }).click()
    await dialog.getByRole('button', { name: 'Validate and publish' }).click()
    await expect(dialog.getByRole('status')).toHaveText('Published version 1.', { timeout: 30_000 })
    await dialog.getByRole('button', { name: 'Validate and publish' }).click()
    await expect(dialog.getByRole('status')).toHaveText('Published version 2.', { timeout: 30_000 })
    const history = dialog.getByRole('list', { name: 'Published versions' })
    await expect(history.getByRole('listitem')).toHaveCount(2)
    await expect(history.getByRole('listitem').first()).toContainText('Version 2')
    await expect(history.getByRole('listitem').first()).toContainText('(running)')
    await dialog.getByRole('button', { name: 'Roll back to version 1' }).click()
    await expect(dialog.getByRole('status')).toHaveText('Version 1 runs now.')
    await expect(history.getByRole('listitem').nth(1)).toContainText('(running)')
  } finally {
    await runtime.stop()
  }
})

test('export with "Include breakpoints" carries them; importing the file keeps them beside the copy', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  await newFlow(page, 'Orders')
  const flows = await apiCall<Array<{ id: string; name: string }>>(page, 'flows.list', {})
  const flowId = flows.find((f) => f.name === 'Orders')!.id
  const { document } = await apiCall<{ document: { nodes: Array<{ id: string }> } }>(page, 'flows.get', { id: flowId })
  const nodeId = document.nodes[0]!.id
  await apiCall(page, 'breakpoints.set', {
    flowId,
    breakpoints: [{ id: 'b1', at: { kind: 'node', nodeId }, enabled: true }],
  })

  expect(JSON.parse(await exportAll(page)).flows[0].document).not.toHaveProperty('debug')
  await page.getByRole('button', { name: 'Export…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Export flows' })
  await dialog.getByLabel('Include breakpoints').check()
  await dialog.screenshot({ path: test.info().outputPath('export-include-breakpoints.png') })
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Export 1 flow' }).click(),
  ])
  const text = fs.readFileSync((await download.path())!, 'utf8')
  expect(JSON.parse(text).flows[0].document.debug).toEqual({
    breakpoints: [{ id: 'b1', at: { kind: 'node', nodeId }, enabled: true }],
  })

  await page
    .getByLabel('Import file')
    .setInputFiles({ name: 'orders.chatflow.json', mimeType: 'application/json', buffer: Buffer.from(text) })
  const imported = page.getByRole('dialog', { name: 'Import orders.chatflow.json' })
  await imported.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(imported.getByRole('status')).toHaveText('Imported 1 flow, with 1 breakpoint.')
  const copy = (await apiCall<Array<{ id: string; name: string }>>(page, 'flows.list', {})).find(
    (f) => f.name === 'Orders (2)',
  )!
  expect(await apiCall(page, 'breakpoints.list', { flowId: copy.id })).toEqual([
    { id: 'b1', at: { kind: 'node', nodeId }, enabled: true },
  ])
  const stored = await apiCall<{ document: object }>(page, 'flows.get', { id: copy.id })
  expect(stored.document).not.toHaveProperty('debug')
})
