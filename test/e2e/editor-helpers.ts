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

/**
 * The middle of a handle once the view has stopped moving (its box is the same two frames apart: Fit View, zoom and
 * layout apply on a later frame than the click) and the handle is what a press there hits. A press measured before
 * the view moved can land on the card instead, and dragging a card moves it, maybe over another card's handle.
 */
async function grabPoint(handle: Locator, settleMs = 0): Promise<{ x: number; y: number }> {
  let point: { x: number; y: number } | null = null
  await expect(async () => {
    const seen = await handle.evaluate(async (el, settle) => {
      const frame = () => new Promise((done) => requestAnimationFrame(done))
      const before = el.getBoundingClientRect()
      if (settle) await new Promise((done) => setTimeout(done, settle))
      await frame()
      await frame()
      const r = el.getBoundingClientRect()
      const box = `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`
      if (r.x !== before.x || r.y !== before.y || r.width !== before.width || r.width === 0)
        return { point: null, why: `moving or empty (box ${box})` }
      const x = r.x + r.width / 2
      const y = r.y + r.height / 2
      const hit = document.elementFromPoint(x, y)
      if (hit !== null && el.contains(hit)) return { point: { x, y }, why: '' }
      // Said in the failure, so a CI log names what was over the handle.
      const over = hit ? `${hit.tagName.toLowerCase()}.${[...hit.classList].join('.')}` : 'nothing (outside the page)'
      return { point: null, why: `covered by ${over} (box ${box})` }
    }, settleMs)
    point = seen.point
    expect(point, `the handle is still and nothing covers it: ${seen.why}`).not.toBeNull()
  }).toPass({ timeout: 10_000 })
  return point!
}

/** Longer than the Problems delay (PROBLEMS_DELAY_MS, 150) + the refit's wait (30) + its animation (150). */
const SETTLE_MS = 450

/** Drags from an output handle to a node's input handle, as a person connects two ports. */
export async function connect(page: Page, output: string, input: string): Promise<void> {
  // The first handle must stay put for SETTLE_MS: an edit just made re-checks the flow 150 ms later (Problems), a
  // Problems list that changes height resizes the canvas, and the canvas refits 30 ms after that, animated — a drag
  // measured in the quiet moment before the refit lands where the handles were (CI: the edge was never made).
  const a = await grabPoint(page.getByLabel(output, { exact: true }), SETTLE_MS)
  const b = await grabPoint(page.getByLabel(input, { exact: true }))
  await page.mouse.move(a.x, a.y)
  await page.mouse.down()
  await page.mouse.move(b.x, b.y, { steps: 12 })
  await page.mouse.up()
}

export async function fitView(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Fit View' }).click()
}

/** Brings a card to the middle of the canvas at a readable zoom with search, as a person finds a card they cannot
 *  read (a fitted view draws cards below that zoom in their compact form: icon, name, ports). */
export async function zoomToCard(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Search nodes', exact: true }).click()
  await page.getByRole('searchbox', { name: 'Search nodes' }).fill(name)
  await page.getByRole('searchbox', { name: 'Search nodes' }).press('Enter')
  await page.keyboard.press('Escape')
  await expect(page.locator('.react-flow')).toHaveClass(/zoom-near/)
  await expect(card(page, name)).toBeInViewport()
}

/** Whether the card lies wholly inside the canvas element (a flow opens readable, so a card may be out of view). */
export const inCanvas = (page: Page, name: string): Promise<boolean> =>
  card(page, name).evaluate((el) => {
    const canvas = el.closest('.react-flow')!.getBoundingClientRect()
    const r = el.getBoundingClientRect()
    return r.left >= canvas.left && r.top >= canvas.top && r.right <= canvas.right && r.bottom <= canvas.bottom
  })

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
  // A card out of view is found with search first, as a person would (the canvas shows a readable part of a flow).
  if (!(await inCanvas(page, name))) await zoomToCard(page, name)
  await expect(async () => {
    await card(page, name).click()
    await expect(panel(page).getByLabel('Node Name')).toHaveValue(name, { timeout: 3000 })
  }).toPass({ timeout: 30_000 })
  return panel(page)
}

/** Waits until the canvas's transform reads the same `samples` times running, 300 ms apart: a refit, a follow or a
 *  layout is animated after a short wait, and a measure or a drag taken while it moves misses. */
export async function viewSettled(page: Page, samples = 2): Promise<void> {
  const viewport = page.locator('.react-flow__viewport')
  let last = ''
  let same = 0
  await expect(async () => {
    const now = (await viewport.getAttribute('style')) ?? ''
    same = now === last ? same + 1 : 0
    last = now
    expect(same).toBeGreaterThanOrEqual(samples)
  }).toPass({ intervals: [300] })
}
