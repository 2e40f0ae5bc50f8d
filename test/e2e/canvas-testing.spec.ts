// The canvas while testing: readable beside the emulator and a card's settings, following the run's current step
// (issue 41; it used to fit the whole flow into what was left, 3 to 4 px text), the minimap shows the test path and the
// problems, the phone never draws a message's time over its text, and the last session's coverage can stay on the
// canvas after the emulator closes (kept across a reload).
import type { Page } from '@playwright/test'
import { card, panel, viewSettled, zoomToCard } from './editor-helpers'
import { openExample, phone, type } from './emulator-helpers'
import { expect, test } from './fixtures'

const minimap = (page: Page) => page.getByRole('img', { name: /^Minimap/ })

/** The cards are drawn readable (the near band: full text, 10 px or more on screen) and this card lies wholly
 *  inside the visible canvas (not under the emulator or a panel, not off the edge). */
async function readableWith(page: Page, selector: string) {
  await expect(page.locator('.react-flow')).toHaveClass(/zoom-near/)
  await expect(async () => {
    const canvas = (await page.locator('.react-flow').boundingBox())!
    const b = (await page.locator(selector).boundingBox())!
    expect(b.x).toBeGreaterThanOrEqual(canvas.x - 1)
    expect(b.y).toBeGreaterThanOrEqual(canvas.y - 1)
    expect(b.x + b.width).toBeLessThanOrEqual(canvas.x + canvas.width + 1)
    expect(b.y + b.height).toBeLessThanOrEqual(canvas.y + canvas.height + 1)
  }).toPass()
}
const TRIGGER = '.flow-card[data-node-name="trigger_1"]'
const CURRENT = '.flow-card[data-run="current"]'

test('testing on the canvas: readable beside the emulator, following the run; minimap path and problems, bubbles clear of their time, coverage kept', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  await openExample(page, 'age-gate.flow.json')
  await readableWith(page, TRIGGER)
  // The Test button and the coverage switch sit over the canvas before the emulator (and its styles) ever loaded.
  const canvasBox = (await page.locator('.react-flow').boundingBox())!
  for (const control of [
    page.getByRole('button', { name: 'Test', exact: true }),
    page.getByRole('switch', { name: 'Keep coverage on canvas' }),
  ]) {
    const b = (await control.boundingBox())!
    expect(b.y + b.height).toBeLessThanOrEqual(canvasBox.y + canvasBox.height)
  }

  await page.getByRole('button', { name: 'Test', exact: true }).click()
  await expect(page.getByRole('complementary', { name: 'Emulator' })).toBeVisible()
  await readableWith(page, TRIGGER)

  // The canvas follows the run: each current step is brought into view, readable.
  await type(page, 'wine')
  await readableWith(page, CURRENT)
  await type(page, '12')
  await expect(phone(page).getByTestId('bot-message')).toHaveCount(2)
  await readableWith(page, CURRENT)
  // No bubble's time sits over its content, however short the message.
  const clashes = await phone(page)
    .locator('.chat-bubble')
    .evaluateAll((bubbles) =>
      bubbles.flatMap((b) => {
        const meta = b.querySelector('.chat-meta')!.getBoundingClientRect()
        return [...b.querySelectorAll('.chat-body > *')]
          .filter((c) => {
            const r = c.getBoundingClientRect()
            return (
              r.width > 0 && r.left < meta.right && meta.left < r.right && r.top < meta.bottom && meta.top < r.bottom
            )
          })
          .map((c) => c.textContent)
      }),
    )
  expect(clashes).toEqual([])

  // The minimap tells where the test went and where the problems are.
  await expect(minimap(page)).toHaveAccessibleName(/test path through 4/)
  // Opening a card's settings beside the emulator narrows the canvas again: the card stays in view, readable.
  await zoomToCard(page, 'welcome')
  await card(page, 'welcome').click()
  await expect(panel(page).getByLabel('Node Name')).toHaveValue('welcome')
  await readableWith(page, '.flow-card[data-node-name="welcome"]')
  await panel(page).getByLabel('Message text', { exact: true }).fill('')
  await expect(minimap(page)).toHaveAccessibleName(/1 with errors/)
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(minimap(page)).not.toHaveAccessibleName(/with errors/)
  await page.getByRole('button', { name: 'Close panel' }).click()
  // The canvas refits to its new size after a short wait: the next gesture is aimed at the view a person then sees.
  await viewSettled(page)
  // Pressing a corner of the minimap moves the view there.
  const viewport = page.locator('.react-flow__viewport')
  const before = await viewport.getAttribute('style')
  const map = (await minimap(page).boundingBox())!
  await page.mouse.click(map.x + 4, map.y + 4)
  await expect(viewport).not.toHaveAttribute('style', before!)
  await viewSettled(page)

  // Closing the emulator leaves the view readable; without the switch its coverage goes with it.
  await page.getByRole('button', { name: 'Close test' }).click()
  await expect(page.locator('.react-flow')).toHaveClass(/zoom-near/)
  await expect(card(page, 'ask_age')).not.toHaveAttribute('data-run')
  await page.getByRole('switch', { name: 'Keep coverage on canvas' }).check()
  await expect(card(page, 'ask_age')).toHaveAttribute('data-run', 'path')
  await expect(card(page, 'welcome')).toHaveAttribute('data-run', 'unreached')
  await expect(page.getByLabel(/^Connection .*, not covered$/).first()).toBeAttached()
  // ...and on the ports: a taken output is filled, one no test took is hollow, each saying so in its tooltip.
  await expect(card(page, 'ask_age').locator('.react-flow__handle.port-covered')).not.toHaveCount(0)
  await expect(page.locator('.react-flow__handle.port-uncovered').first()).toHaveAttribute('title', / \(not covered\)$/)

  // Kept across a reload: read back from the Flow Logs.
  await page.reload()
  await expect(card(page, 'too_young')).toHaveAttribute('data-run', /path|current/)
  await expect(card(page, 'welcome')).toHaveAttribute('data-run', 'unreached')
  await expect(page.getByRole('switch', { name: 'Keep coverage on canvas' })).toBeChecked()
})
