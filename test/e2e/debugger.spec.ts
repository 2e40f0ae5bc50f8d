import { test, expect } from './fixtures'
import { card, saved } from './editor-helpers'
import { apiCall, openExample } from './emulator-helpers'
import type { Page } from '@playwright/test'

/** Clicks a connection where a person does: on its line, a third of the way along (the middle holds its dot). */
async function clickConnection(page: Page, label: string): Promise<void> {
  const at = await page
    .getByLabel(label, { exact: true })
    .locator('path.react-flow__edge-path')
    .evaluate((p: SVGPathElement) => {
      const pt = p.getPointAtLength(p.getTotalLength() / 3)
      const m = p.getScreenCTM()!
      return { x: pt.x * m.a + pt.y * m.c + m.e, y: pt.x * m.b + pt.y * m.d + m.f }
    })
  await page.mouse.click(at.x, at.y)
}

// The debugger (issue 32) as a person uses it: breakpoints set on the canvas, a run paused in the emulator,
// variables read and changed, the run going on down the other branch; run from a node; a saved test debugged.

test('breakpoints: F9 on a card and on a connection, a condition, on and off, undo, kept across a reload', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  const flowId = await openExample(page, 'age-gate.flow.json')

  await card(page, 'is_adult').click()
  await page.keyboard.press('Escape')
  await card(page, 'is_adult').click()
  await page.keyboard.press('F9')
  await expect(card(page, 'is_adult')).toHaveAttribute('data-breakpoint', 'on')
  await expect(page.getByRole('button', { name: /^Breakpoints/ })).toHaveText('Breakpoints (1)')

  // A connection: is_adult's "false" output to too_young.
  await clickConnection(page, 'Connection false')
  await page.keyboard.press('F9')
  await expect(page.getByLabel('Connection false, breakpoint')).toBeVisible()

  await page.getByRole('button', { name: /^Breakpoints/ }).click()
  const list = page.getByRole('complementary', { name: 'Breakpoints' })
  const rows = list.getByTestId('breakpoint')
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(1)).toContainText('is_adult → false → too_young')

  // A condition that does not parse is said under the field and not kept; a good one is.
  const condition = list.getByLabel('Condition of the breakpoint at is_adult → false → too_young')
  await condition.fill('age < 18')
  await expect(list.getByRole('alert')).toContainText('did you mean {{age}}')
  await condition.fill('{{age}} < 18')
  await expect(list.getByRole('alert')).toHaveCount(0)
  await expect(page.getByLabel('Connection false, conditional breakpoint')).toBeVisible()

  // Off, then on again by undo.
  await list.getByLabel('Enabled: breakpoint at is_adult', { exact: true }).uncheck()
  await expect(card(page, 'is_adult')).toHaveAttribute('data-breakpoint', 'off')
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(card(page, 'is_adult')).toHaveAttribute('data-breakpoint', 'on')
  await saved(page)

  await expect
    .poll(() => apiCall<Array<{ condition?: string }>>(page, 'breakpoints.list', { flowId }))
    .toEqual([
      expect.objectContaining({ at: { kind: 'node', nodeId: 'n_check' }, enabled: true }),
      expect.objectContaining({ at: { kind: 'edge', edgeId: 'e_5' }, condition: '{{ {{age}} < 18 }}' }),
    ])
  await page.reload()
  await expect(card(page, 'is_adult')).toHaveAttribute('data-breakpoint', 'on')
  await page.getByRole('button', { name: 'Breakpoints (2)' }).click()
  await expect(list.getByTestId('breakpoint')).toHaveCount(2)

  // Remove both from the list: the list teaches how to set one.
  await list.getByRole('button', { name: 'Remove breakpoint at is_adult', exact: true }).click()
  await list.getByRole('button', { name: 'Remove breakpoint at is_adult → false → too_young' }).click()
  await expect(list.getByText('No breakpoints yet.')).toBeVisible()
  await expect(card(page, 'is_adult')).not.toHaveAttribute('data-breakpoint')
})
