// Issue 41: on a laptop screen (1440×900) every shipped example opens readable — every text of every card in view
// at least 10 px on screen, the Trigger's card in view — and stays readable with the emulator open, where the
// canvas follows the run's current step instead of fitting the whole flow into what is left beside the panel.
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { viewSettled } from './editor-helpers'
import { emulatorPanel } from './emulator-helpers'

const EXAMPLES = path.resolve(import.meta.dirname, '../../resources/examples')
const examples = fs
  .readdirSync(EXAMPLES)
  .filter((f) => f.endsWith('.flow.json'))
  .map((file) => JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8')) as { name: string; nodes: unknown[] })

test.use({ viewport: { width: 1440, height: 900 } })

interface Seen {
  zoom: number
  /** The smallest on-screen font size of any text in a card at least partly in view, in px. */
  smallest: number
  /** Which text that is, for the failure message. */
  what: string
  cards: number
  /** Whether the named card lies wholly inside the canvas. */
  inView: boolean
}

/** Reads the canvas as drawn: each text's computed font size times the viewport's scale. */
async function look(page: Page, card: string): Promise<Seen> {
  return page.locator('.react-flow').evaluate((flow, selector) => {
    const canvas = flow.getBoundingClientRect()
    const viewport = flow.querySelector<HTMLElement>('.react-flow__viewport')!
    const zoom = new DOMMatrix(getComputedStyle(viewport).transform).a
    const seen = { zoom, smallest: Infinity, what: '', cards: 0, inView: false }
    const inside = (r: DOMRect) =>
      r.left >= canvas.left && r.top >= canvas.top && r.right <= canvas.right && r.bottom <= canvas.bottom
    for (const card of flow.querySelectorAll<HTMLElement>('.flow-card')) {
      const r = card.getBoundingClientRect()
      if (r.right < canvas.left || r.left > canvas.right || r.bottom < canvas.top || r.top > canvas.bottom) continue
      seen.cards++
      const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT)
      for (let t = walker.nextNode(); t; t = walker.nextNode()) {
        const el = t.parentElement
        if (!el || !t.textContent?.trim() || el.getClientRects().length === 0) continue
        const px = parseFloat(getComputedStyle(el).fontSize) * zoom
        if (px < seen.smallest) {
          seen.smallest = px
          seen.what = `"${t.textContent.trim().slice(0, 30)}" in ${card.dataset.nodeName}`
        }
      }
    }
    const target = flow.querySelector<HTMLElement>(selector)
    seen.inView = !!target && inside(target.getBoundingClientRect())
    return seen
  }, card)
}

const report = (name: string, when: string, s: Seen) => {
  const line = `${name} ${when}: zoom ${s.zoom.toFixed(2)}, smallest card text ${s.smallest.toFixed(1)} px (${s.what}), ${s.cards} card(s) in view`
  console.log(line)
  test.info().annotations.push({ type: 'measured', description: line })
}

const TRIGGER = '.flow-card[aria-label^="Trigger "]'

for (const example of examples) {
  test(`${example.name} opens readable with its Trigger in view, and stays readable with the emulator`, async ({
    page,
    studio,
  }) => {
    await studio.open(page)
    await page.getByRole('button', { name: 'Start from an example' }).click()
    await page
      .getByRole('dialog', { name: 'Start from an example' })
      .getByRole('button', { name: `Open ${example.name}` })
      .click()
    await expect(page.locator('.flow-card').first()).toBeVisible()
    await viewSettled(page)
    const opened = await look(page, TRIGGER)
    report(example.name, 'opened', opened)
    expect.soft(opened.smallest, opened.what).toBeGreaterThanOrEqual(10)
    expect.soft(opened.inView, 'the Trigger is in view').toBe(true)

    await page.getByRole('button', { name: 'Test', exact: true }).click()
    const emulator = emulatorPanel(page)
    await expect(emulator).toBeVisible()
    await viewSettled(page)
    const beside = await look(page, TRIGGER)
    report(example.name, 'emulator open', beside)
    expect.soft(beside.smallest, beside.what).toBeGreaterThanOrEqual(10)
    expect.soft(beside.inView, 'the Trigger is in view beside the emulator').toBe(true)

    // A run: the canvas follows its current step, readable, with the path drawn.
    await emulator.getByRole('button', { name: 'Start test' }).click()
    const current = page.locator('.flow-card[data-run="current"], .flow-card[data-run="failed"]')
    await expect(current).toHaveCount(1)
    await viewSettled(page)
    const running = await look(page, '.flow-card[data-run="current"], .flow-card[data-run="failed"]')
    report(example.name, `running at ${await current.getAttribute('data-node-name')}`, running)
    expect.soft(running.smallest, running.what).toBeGreaterThanOrEqual(10)
    expect.soft(running.inView, 'the current step is in view').toBe(true)
  })
}

test('zoomed out below readability (Fit View of a long flow), cards show icon, name and ports in larger text', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  await page.getByRole('button', { name: 'Start from an example' }).click()
  await page
    .getByRole('dialog', { name: 'Start from an example' })
    .getByRole('button', { name: 'Open Lead capture' })
    .click()
  await expect(page.locator('.react-flow')).toHaveClass(/zoom-near/)
  await page.getByRole('button', { name: 'Fit View' }).click()
  await expect(page.locator('.react-flow')).toHaveClass(/zoom-compact/)
  await viewSettled(page)
  const ask = page.locator('.flow-card[data-node-name="ask_company"]')
  await expect(ask.locator('.flow-card-compact .node-badge')).toBeVisible()
  await expect(ask.locator('.flow-card-compact-name')).toHaveText('ask_company')
  await expect(ask.locator('.port')).not.toHaveCount(0)
  await expect(page.locator('.flow-card-summary, .flow-card-type')).toHaveCount(0)
  // Its smallest text is a port label at 20 px, not the full card's 11 to 13 px shrunk with the zoom.
  const fitted = await look(page, TRIGGER)
  report('Lead capture', 'fitted', fitted)
  expect(fitted.smallest).toBeCloseTo(20 * fitted.zoom, 1)
  expect(fitted.inView).toBe(true)
})
