import type { Locator, Page } from '@playwright/test'
import { expect, type StudioFixture } from './fixtures'

/** Creates a flow from the flows list and opens it in the editor. */
export async function openNewFlow(page: Page, studio: StudioFixture, name: string): Promise<void> {
  await studio.open(page)
  await page
    .getByRole('button', { name: /Create your first flow|New flow/ })
    .first()
    .click()
  await page.getByLabel('Flow name').fill(name)
  await page.getByLabel('Flow name').press('Enter')
  await page.getByRole('link', { name, exact: true }).click()
  await expect(page.getByRole('group', { name: 'Trigger trigger_1' })).toBeVisible()
}

export const card = (page: Page, name: string): Locator => page.locator(`.flow-card[data-node-name="${name}"]`)
export const panel = (page: Page): Locator => page.locator('aside.node-panel')

/** Drags from an output handle to a node's input handle, as a person connects two ports. */
export async function connect(page: Page, output: string, input: string): Promise<void> {
  const from = page.getByLabel(output, { exact: true })
  const to = page.getByLabel(input, { exact: true })
  const a = (await from.boundingBox())!
  const b = (await to.boundingBox())!
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2)
  await page.mouse.down()
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 })
  await page.mouse.up()
}

export async function fitView(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Fit View' }).click()
}

/** Waits until the editor reports every change saved. */
export async function saved(page: Page): Promise<void> {
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('All changes saved')
}

/**
 * Opens the Expression Builder of a panel field and returns its dialog. A busy machine can drop the click while the
 * panel of a node just added is still rendering, so it is retried until the dialog is there, never clicked twice.
 */
export async function openBuilder(page: Page, field: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: `Expression Builder: ${field}` })
  await expect(async () => {
    if (!(await dialog.isVisible()))
      await panel(page)
        .getByRole('button', { name: `Open Expression Builder for ${field}` })
        .click()
    await expect(dialog.locator('.cm-content')).toBeVisible({ timeout: 3000 })
  }).toPass({ timeout: 30_000 })
  return dialog
}

/**
 * Opens a node's panel by clicking its card, and returns the panel. A click that lands while the canvas re-renders
 * (a test run repainting coverage, say) can be lost on a busy machine, so it is repeated until the panel shows
 * that node.
 */
export async function openPanel(page: Page, name: string): Promise<Locator> {
  await expect(async () => {
    await card(page, name).click()
    await expect(panel(page).getByLabel('Node Name')).toHaveValue(name, { timeout: 3000 })
  }).toPass({ timeout: 30_000 })
  return panel(page)
}
