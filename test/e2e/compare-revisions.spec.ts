// Comparing two versions of a flow on the canvas (docs/canvas.md, "Comparing revisions"): a designer edits an
// example, opens the comparison with the revision it started from, sees every change marked on the canvas and in
// the list, reads a text's word diff, restores the deleted node, and names the version.
import type { Page } from '@playwright/test'
import { card, panel, saved, zoomToCard } from './editor-helpers'
import { expect, test } from './fixtures'
import { addPublishServer, startRuntime } from './runtime-helpers'

const SHOTS = process.env.CHATFLOW_SHOTS

/** With CHATFLOW_SHOTS=<dir>, the view in both themes (the studio follows the system's), for docs/canvas.md. */
async function shot(page: Page, name: string) {
  if (!SHOTS) return
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme })
    await page.screenshot({ path: `${SHOTS}/${name}-${theme}.png` })
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

async function editText(page: Page, name: string, label: string, text: string) {
  await zoomToCard(page, name)
  await card(page, name).click()
  await panel(page).getByLabel(label, { exact: true }).fill(text)
}

test('edit an example, compare it with where it started, read a word diff, restore the deleted node, name it', async ({
  page,
  studio,
}) => {
  test.setTimeout(240_000)
  // The production server the named version is published to starts while the studio opens.
  const starting = startRuntime()
  try {
    await scenario(page, studio, starting)
  } finally {
    await starting.then(
      (r) => r.stop(),
      () => undefined,
    )
  }
})

async function scenario(
  page: Page,
  studio: Parameters<Parameters<typeof test>[2]>[0]['studio'],
  starting: ReturnType<typeof startRuntime>,
) {
  // The example comes with its four saved conversation tests.
  await page.setViewportSize({ width: 1440, height: 900 })
  await studio.open(page)
  await page.getByRole('button', { name: 'Start from an example' }).click()
  await page
    .getByRole('dialog', { name: 'Start from an example' })
    .getByRole('button', { name: 'Open Order status' })
    .click()
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
  // The oldest revision kept: the example as it arrived.
  await page
    .getByRole('button', { name: /^Compare revision \d+ with the draft$/ })
    .last()
    .click()
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
  // The canvas shows the comparison, read-only: nodes are added again once it is closed.
  await expect(page.getByRole('button', { name: 'Add Message', exact: true })).toBeDisabled()

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
  await detail.scrollIntoViewIfNeeded()
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

  // The saved tests on both sides: the changed question and texts make some fail on the draft only.
  await compare.getByRole('button', { name: 'Run the tests on both sides' }).click()
  const tests = compare.getByRole('region', { name: 'Tests on both sides' })
  await expect(tests.getByText(/of 4 tests differ between the sides/)).toBeVisible({ timeout: 60_000 })
  await expect(tests.getByRole('list', { name: 'Tests that differ' }).getByRole('listitem').first()).toContainText(
    'passes on Revision',
  )

  // Name the version: the draft is saved and its revision named.
  await compare.getByRole('button', { name: 'Name the draft as a version' }).click()
  const form = compare.getByRole('form', { name: 'Name this version' })
  await form.getByLabel('Version name').fill('holiday hours')
  await form.getByLabel('Description').fill('Shorter texts; the lookup renamed')
  await form.getByRole('button', { name: 'Save name' }).click()
  await expect(compare.getByText(/is named “holiday hours”/)).toBeVisible()
  await shot(page, 'compare-named')

  // A comparison is an address too: opened with the flow, the named revision as the newer side.
  const named = /is named “holiday hours”/
  const revision = Number(/Revision (\d+) is named/.exec((await compare.getByText(named).textContent()) ?? '')![1])
  await page.goto(
    page.url().replace(/#.*$/, `#/flows/${/#\/flows\/([^/?]+)/.exec(page.url())![1]}?compare=1..${revision}`),
  )
  await expect(compare.getByText(`Revision 1 → Revision ${revision} “holiday hours”`)).toBeVisible()
  await expect(page.locator('.react-flow.comparing')).toBeVisible()
  await expect(card(page, 'end_1')).not.toHaveAttribute('data-diff')

  // The Publish dialog says which version it publishes, by its name.
  await compare.getByRole('button', { name: 'Close comparison' }).click()
  await expect(page.locator('.react-flow.comparing')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Add Message', exact: true })).toBeEnabled()
  await page.getByRole('button', { name: 'Back to flows' }).click()
  const runtime = await starting
  const dialog = await addPublishServer(page, runtime.url)
  await expect(dialog.getByLabel('Version published')).toContainText(
    'named “holiday hours”: Shorter texts; the lookup renamed',
  )
}
