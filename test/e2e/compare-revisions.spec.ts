// Comparing two versions of a flow on the canvas (docs/canvas.md, "Comparing revisions"): a designer edits an
// example, opens the comparison with the revision it started from, sees every change marked on the canvas and in
// the list, reads a text's word diff, restores the deleted node, and names the version.
import type { Page } from '@playwright/test'
import { card, panel, saved, zoomToCard } from './editor-helpers'
import { expect, test } from './fixtures'
import { storeExample } from './runtime-helpers'

const SHOTS = process.env.CHATFLOW_SHOTS

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` })
}

async function editText(page: Page, name: string, label: string, text: string) {
  await zoomToCard(page, name)
  await card(page, name).click()
  await panel(page).getByLabel(label, { exact: true }).fill(text)
}

test('edit an example, compare it with where it started, read a word diff, restore the deleted node', async ({
  page,
  studio,
}) => {
  test.setTimeout(180_000)
  await studio.open(page)
  const flowId = await storeExample(page, 'order-status')
  await page.goto(`${studio.url}/#/flows/${flowId}`)
  await expect(card(page, 'trigger_1')).toBeVisible()

  // Three nodes changed.
  await editText(page, 'ask_order', 'Question', 'Hello {{customer_name}}! Type your 6-digit order number, please.')
  await editText(page, 'order_missing', 'Message text', 'Sorry, no order {{order_number}} here. Check the number.')
  await editText(page, 'too_many_tries', 'Message text', "Let's stop. Type *order* to try again.")
  // One renamed: its references in order_found are rewritten.
  await zoomToCard(page, 'order_lookup')
  await card(page, 'order_lookup').click()
  await panel(page).getByLabel('Node Name').fill('shop_lookup')
  await panel(page).getByLabel('Node Name').press('Enter')
  await page.getByRole('button', { name: /Rename and update/ }).click()
  await expect(card(page, 'shop_lookup')).toBeVisible()
  // One deleted.
  await zoomToCard(page, 'end_1')
  await card(page, 'end_1').click()
  await page.keyboard.press('Escape')
  await card(page, 'end_1').click()
  await page.keyboard.press('Delete')
  await expect(card(page, 'end_1')).toHaveCount(0)
  // One added, after order_found (whose output the deletion freed).
  await zoomToCard(page, 'order_found')
  await card(page, 'order_found').click()
  await page.getByRole('button', { name: 'Add Message', exact: true }).click()
  await expect(card(page, 'message_1')).toBeVisible()
  await saved(page)

  // The comparison: the revision the example was stored as, with the draft.
  await page.getByRole('button', { name: 'Revisions' }).click()
  await page.getByRole('button', { name: 'Compare revision 2 with the draft' }).click()
  const compare = page.getByRole('complementary', { name: 'Comparison' })
  await expect(compare.getByRole('status').first()).toContainText('changes')
  const list = compare.getByRole('listbox', { name: 'Changes' })
  for (const title of [
    'Changed ask_order',
    'Changed order_missing',
    'Changed too_many_tries',
    'Renamed order_lookup to shop_lookup',
    'References rewritten in order_found',
    'Removed end_1 (End)',
    'Added message_1 (Message)',
  ])
    await expect(list.getByRole('option', { name: title })).toBeVisible()
  await shot(page, 'compare-list')

  // On the canvas: each card carries its mark, the deleted one as a ghost where it was.
  await page.getByRole('button', { name: 'Fit View' }).click()
  await expect(card(page, 'ask_order')).toHaveAttribute('data-diff', 'changed')
  await expect(card(page, 'order_missing')).toHaveAttribute('data-diff', 'changed')
  await expect(card(page, 'too_many_tries')).toHaveAttribute('data-diff', 'changed')
  await expect(card(page, 'shop_lookup')).toHaveAttribute('data-diff', 'changed')
  await expect(card(page, 'end_1')).toHaveAttribute('data-diff', 'removed')
  await expect(card(page, 'message_1')).toHaveAttribute('data-diff', 'added')
  await expect(card(page, 'trigger_1')).not.toHaveAttribute('data-diff')
  await expect(page.getByRole('group', { name: 'End end_1' })).toHaveAccessibleDescription('removed')
  await expect(page.getByRole('group', { name: 'Question ask_order' })).toHaveAccessibleDescription('changed: Prompt')

  // A text's word diff, side by side: the words taken out and the words put in.
  await list.getByRole('option', { name: 'Changed order_missing' }).click()
  const detail = compare.getByRole('region', { name: 'Change of order_missing' })
  const before = detail.getByLabel('Text before', { exact: true })
  const after = detail.getByLabel('Text after', { exact: true })
  await expect(before.locator('del').filter({ hasText: "couldn't" })).toHaveCount(1)
  await expect(after.locator('ins').filter({ hasText: 'no' })).toHaveCount(1)
  // Words both sides share are plain on both.
  await expect(before.locator('del').filter({ hasText: 'Sorry' })).toHaveCount(0)
  await expect(after).toContainText('Sorry, no order {{order_number}} here.')
  await shot(page, 'compare-word-diff')

  // Keys: Enter goes to the next change in the list and centres it.
  await list.focus()
  await page.keyboard.press('Enter')
  await expect(list.getByRole('option', { selected: true })).not.toHaveAccessibleName('Changed order_missing')

  // Restore the deleted node: back where it was, with the connections whose outputs are free; one undo takes it back.
  await list.getByRole('option', { name: 'Removed end_1 (End)' }).click()
  await compare.getByRole('button', { name: 'Restore end_1' }).click()
  await expect(page.getByText(/Restored end_1 with 2 connections; 1 left out/)).toBeVisible()
  await expect(list.getByRole('option', { name: 'Removed end_1 (End)' })).toHaveCount(0)
  await expect(card(page, 'end_1')).not.toHaveAttribute('data-diff')
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(card(page, 'end_1')).toHaveAttribute('data-diff', 'removed')
  await page.getByRole('button', { name: 'Redo' }).click()
  await expect(card(page, 'end_1')).not.toHaveAttribute('data-diff')
  await saved(page)
  await shot(page, 'compare-restored')
})
