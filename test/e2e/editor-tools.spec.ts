import { test, expect } from './fixtures'
import { card, openNewFlow, panel, saved } from './editor-helpers'

const pane = (page: import('@playwright/test').Page) => page.locator('.react-flow__pane')
const position = async (page: import('@playwright/test').Page, name: string) => (await card(page, name).boundingBox())!

test('fix a problem from the problems panel: it selects the node, opens its panel and focuses the field', async ({
  page,
  studio,
}) => {
  await openNewFlow(page, studio, 'Problems')
  const problems = page.getByRole('region', { name: 'Problems' })
  const problem = problems.getByRole('button', { name: /A keyword trigger needs at least one keyword/ })
  await expect(problem).toBeVisible()
  await expect(card(page, 'trigger_1').getByLabel(/error/)).toBeVisible()
  await problem.click()
  await expect(page.getByRole('complementary', { name: 'Trigger settings' })).toBeVisible()
  // The keywords list is empty, so focus lands on the closest control of the field: its Add button's list.
  await panel(page).getByRole('button', { name: 'Add keyword' }).click()
  await panel(page).getByLabel('Keyword 1', { exact: true }).fill('hello')
  await expect(problem).toHaveCount(0)

  // A problem about one field focuses that very field.
  await pane(page).click({ position: { x: 5, y: 5 } })
  await page.getByRole('button', { name: 'Add Message', exact: true }).click()
  await page.getByRole('button', { name: 'Close panel' }).click()
  await problems
    .getByRole('button', { name: /message_1:.*(text|Text)/ })
    .first()
    .click()
  await expect(panel(page).getByLabel('Message text', { exact: true })).toBeFocused()
  await page.keyboard.type('Hi {{customer_name}}')
  await expect(problems.getByRole('button', { name: /message_1:.*(text|Text)/ })).toHaveCount(0)
})

test('copy, paste and duplicate make unique names; auto-layout; undo of both', async ({ page, studio }) => {
  await openNewFlow(page, studio, 'Clipboard')
  await card(page, 'trigger_1').click()
  await page.getByRole('button', { name: 'Add HTTP Call', exact: true }).click()
  await page.getByRole('button', { name: 'Add Message', exact: true }).click()
  await panel(page).getByLabel('Message text', { exact: true }).fill('Got {{http_call_1.status}}')

  // Select both with Ctrl+click, then copy and paste with the keyboard.
  // Hold Ctrl as a person does, before the click: React Flow notices the key between key and click. On a busy
  // machine the key can land before React Flow listens again, so the whole gesture is tried again from the start.
  await expect(async () => {
    await card(page, 'http_call_1').click()
    await page.keyboard.down('Control')
    await page.waitForTimeout(100)
    await card(page, 'message_1').click()
    await page.keyboard.up('Control')
    await expect(card(page, 'http_call_1')).toHaveClass(/selected/, { timeout: 2000 })
    await expect(card(page, 'message_1')).toHaveClass(/selected/, { timeout: 2000 })
  }).toPass({ timeout: 20_000 })
  await pane(page).focus()
  await page.keyboard.press('Control+c')
  await page.keyboard.press('Control+v')
  await expect(card(page, 'http_call_2')).toBeVisible()
  await expect(card(page, 'message_2')).toContainText('{{http_call_2.status}}')
  await expect(page.locator('.react-flow__edge')).toHaveCount(3)
  await page.keyboard.press('Control+d')
  await expect(card(page, 'message_3')).toContainText('{{http_call_3.status}}')
  await expect(page.locator('.react-flow__edge')).toHaveCount(4)

  // Everything overlaps a little after pasting; with nothing selected, layout puts the whole flow left to right.
  await pane(page).click({ position: { x: 5, y: 5 } })
  await page.getByRole('button', { name: 'Auto-layout' }).click()
  await expect(async () => {
    const t = await position(page, 'trigger_1')
    const h = await position(page, 'http_call_1')
    const m = await position(page, 'message_1')
    expect(t.x).toBeLessThan(h.x)
    expect(h.x).toBeLessThan(m.x)
  }).toPass()
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveAttribute('title', 'Undo Layout (Ctrl+Z)')
  await page.keyboard.press('Control+z')
  await page.keyboard.press('Control+z')
  await expect(card(page, 'message_3')).toHaveCount(0)
  await expect(card(page, 'message_2')).toBeVisible()
})

test('search finds nodes by text and variable; the shortcuts overlay lists the keys', async ({ page, studio }) => {
  await openNewFlow(page, studio, 'Search')
  await page.getByRole('button', { name: 'Add Question', exact: true }).click()
  await panel(page).getByLabel('Question', { exact: true }).fill('What is your order number?')
  await panel(page).getByLabel('Save to variable', { exact: true }).fill('order_no')
  await page.getByRole('button', { name: 'Add Message', exact: true }).click()
  await panel(page).getByLabel('Message text', { exact: true }).fill('Looking up {{order_no}}')
  await pane(page).click({ position: { x: 5, y: 5 } })

  await page.keyboard.press('Control+f')
  const search = page.getByRole('searchbox', { name: 'Search nodes' })
  await expect(search).toBeFocused()
  await search.fill('order_no')
  await expect(page.getByText('1 of 2')).toBeVisible()
  await search.press('Enter')
  await expect(card(page, 'question_1')).toHaveClass(/selected/)
  await search.press('Enter')
  await expect(card(page, 'message_1')).toHaveClass(/selected/)
  await search.fill('nothing like this')
  await expect(page.getByText('No match')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(search).toHaveCount(0)

  await pane(page).click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('?')
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(help).toContainText('Ctrl+Z')
  await expect(help).toContainText('Auto-layout')
  await help.getByRole('button', { name: 'Close' }).click()
  await expect(help).toHaveCount(0)
})

test('revisions list what changed and restore an older one, undoably', async ({ page, studio }) => {
  await openNewFlow(page, studio, 'History')
  await page.getByRole('button', { name: 'Add Message', exact: true }).click()
  await saved(page)
  await page.getByRole('button', { name: 'Add End', exact: true }).click()
  await saved(page)

  await page.getByRole('button', { name: 'Revisions' }).click()
  const list = page.getByRole('list', { name: 'Saved revisions' })
  await expect(list.getByRole('listitem').first()).toContainText('Added end_1')
  await expect(list).toContainText('Added message_1')
  await expect(list).toContainText('Created with 1 node')
  // Revision 1 is the flow as created (the flow list's rename wrote revision 2).
  await page.getByRole('button', { name: 'Restore revision 1' }).click()
  await expect(card(page, 'message_1')).toHaveCount(0)
  await expect(card(page, 'end_1')).toHaveCount(0)
  await saved(page)
  await page.reload()
  await expect(page.locator('.flow-card')).toHaveCount(1)
  // Undo after a reload has no history; restoring the revision that added end_1 brings the nodes back.
  await page.getByRole('button', { name: 'Revisions' }).click()
  await list
    .getByRole('listitem')
    .filter({ hasText: 'Added end_1' })
    .getByRole('button', { name: /Restore revision/ })
    .click()
  await expect(card(page, 'end_1')).toBeVisible()
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(card(page, 'end_1')).toHaveCount(0)
})
