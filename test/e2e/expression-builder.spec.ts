import type { Locator, Page } from '@playwright/test'
import { test, expect } from './fixtures'
import { card, panel, saved } from './editor-helpers'

const builder = (page: Page, label: string): Locator =>
  page.getByRole('dialog', { name: `Expression Builder: ${label}` })
const editorOf = (dialog: Locator): Locator => dialog.locator('.cm-content')

/** Creates a flow and opens it (the flows list also has a 'Logs of <name>' link, hence the exact name). */
async function openNewFlow(page: Page, studio: { open(page: Page): Promise<void> }, name: string): Promise<void> {
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

/** Types at the end of the builder's text without CodeMirror's bracket auto-closing (the text arrives as typed input). */
async function appendText(page: Page, dialog: Locator, text: string): Promise<void> {
  await editorOf(dialog).click()
  await page.keyboard.press('Control+End')
  await page.keyboard.insertText(text)
}

async function deleteBack(page: Page, n: number): Promise<void> {
  for (let i = 0; i < n; i++) await page.keyboard.press('Backspace')
}

test('Expression Builder: tabs insert into a message body, an HTTP Call URL and a condition operand; lint, preview, samples, apply and cancel', async ({
  page,
  studio,
}) => {
  // One long walk through three fields and five tabs: on a loaded 2-core machine it can pass the default 60 s.
  test.setTimeout(150_000)
  await openNewFlow(page, studio, 'Builder')
  // trigger → HTTP call → message: adding with a node selected connects it after that node.
  await card(page, 'trigger_1').click()
  await page.getByRole('button', { name: 'Add HTTP Call', exact: true }).click()
  await expect(card(page, 'http_call_1')).toBeVisible()
  await page.getByRole('button', { name: 'Add Message', exact: true }).click()
  await expect(card(page, 'message_1')).toBeVisible()

  // The message body: the code icon opens the builder on the field's text.
  const body = panel(page).getByLabel('Message text', { exact: true })
  await body.fill('Hello ')
  await panel(page).getByRole('button', { name: 'Open Expression Builder for Message text' }).click()
  const dialog = builder(page, 'Message text')
  await expect(dialog).toBeVisible()
  await expect(editorOf(dialog)).toHaveText('Hello ')

  // Variables tab: System Variables and Scenario Variables (the HTTP call's outputs run before this node).
  await expect(dialog.getByRole('heading', { name: 'System Variables' })).toBeVisible()
  await expect(dialog.getByRole('heading', { name: 'Scenario Variables' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Insert {{http_call_1.status}}' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Insert {{customer_name}}' }).click()
  await expect(editorOf(dialog)).toHaveText('Hello {{customer_name}}')

  // Response tab: a relaxed-JSON sample, a line/column error, Format JSON, save, then a leaf of the tree.
  await dialog.getByRole('tab', { name: 'Response' }).click()
  await dialog
    .getByRole('region', { name: 'Response of http_call_1' })
    .getByRole('button', { name: 'Add sample' })
    .click()
  const sample = dialog.getByLabel('Sample response of http_call_1')
  await sample.fill("{status: 200,\n  result: {order: {state: 'shipped' id: 7}}}")
  await dialog.getByRole('button', { name: 'Format JSON' }).click()
  await expect(dialog.getByRole('alert')).toContainText('Line 2, column')
  await sample.fill("{status: 200, ok: true, result: {order: {state: 'shipped', id: 7,},},}")
  await dialog.getByRole('button', { name: 'Format JSON' }).click()
  await expect(sample).toHaveValue(/"state": "shipped"/)
  await dialog.getByRole('button', { name: 'Save sample' }).click()
  await appendText(page, dialog, ', your order is ')
  await dialog.getByRole('button', { name: 'Insert {{http_call_1.result.order.state}}' }).click()
  await expect(editorOf(dialog)).toHaveText('Hello {{customer_name}}, your order is {{http_call_1.result.order.state}}')

  // Functions tab: compact and detailed views; inserting in plain text wraps the call in a placeholder.
  await dialog.getByRole('tab', { name: 'Functions' }).click()
  await dialog.getByRole('button', { name: 'Detailed' }).click()
  await expect(dialog.getByText('round(number, digits?)')).toBeVisible()
  await appendText(page, dialog, ' x')
  await dialog.getByRole('button', { name: 'Insert function round' }).click()
  await page.keyboard.type('7.6')
  const expected = 'Hello {{customer_name}}, your order is {{http_call_1.result.order.state}} x{{round(7.6)}}'
  await expect(editorOf(dialog)).toHaveText(expected)

  // Live preview: the sample gives the state, a test value the name; the engine renders it.
  await dialog.getByLabel('Test value for customer_name').fill('Ada')
  await expect(dialog.getByRole('status', { name: 'Rendered value' })).toHaveText('Hello Ada, your order is shipped x8')

  // Lint: a syntax error is red, an unknown variable yellow, each at its place with its message.
  await appendText(page, dialog, ' {{sum(1, }}')
  await expect(editorOf(dialog).locator('.cm-lintRange-error').first()).toBeVisible()
  await expect(
    dialog.getByRole('list', { name: 'Problems in the expression' }).locator('li.error').first(),
  ).toBeVisible()
  await deleteBack(page, ' {{sum(1, }}'.length)
  await expect(editorOf(dialog).locator('.cm-lintRange-error')).toHaveCount(0)
  await appendText(page, dialog, ' {{nobody}}')
  const warning = editorOf(dialog).locator('.cm-lintRange-warning')
  await expect(warning).toHaveText('nobody')
  await expect(dialog.getByRole('list', { name: 'Problems in the expression' }).locator('li.warning')).toHaveText(
    `Warning at ${expected.length + 4}: unknown variable or node 'nobody'`,
  )
  await expect(editorOf(dialog).locator('.cm-lintRange-error')).toHaveCount(0)
  await deleteBack(page, ' {{nobody}}'.length)
  await expect(warning).toHaveCount(0)

  // Hover documentation from the same function docs as completion.
  await editorOf(dialog).locator('.cm-expr-function', { hasText: 'round' }).hover()
  await expect(page.locator('.cm-expr-hover')).toContainText('round(number, digits?)')

  // Apply writes the text into the field.
  await dialog.getByRole('button', { name: 'Apply' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(body).toHaveText(expected)

  // The HTTP Call URL: Cancel leaves the field unchanged, Apply writes it.
  const url = panel(page).getByLabel('URL', { exact: true })
  // The click can land while the closing dialog still holds focus on a busy machine: try the click again.
  await expect(async () => {
    await card(page, 'http_call_1').click()
    await expect(url).toBeVisible({ timeout: 2000 })
  }).toPass({ timeout: 20_000 })
  await url.fill('https://shop.example/orders/')
  const openUrl = panel(page).getByRole('button', { name: 'Open Expression Builder for URL' })
  await openUrl.click()
  const urlDialog = builder(page, 'URL')
  // The tabs follow the keyboard pattern of tabs: arrows and End move, the tab panel follows.
  await urlDialog.getByRole('tab', { name: 'Variables' }).focus()
  await page.keyboard.press('End')
  await expect(urlDialog.getByRole('tab', { name: 'Text' })).toBeFocused()
  await expect(urlDialog.getByRole('tabpanel', { name: 'Text' })).toContainText('Line break')
  await page.keyboard.press('ArrowRight')
  await expect(urlDialog.getByRole('tab', { name: 'Variables', selected: true })).toBeFocused()
  await urlDialog.getByRole('button', { name: 'Insert {{customer_phone}}' }).click()
  await expect(editorOf(urlDialog)).toHaveText('https://shop.example/orders/{{customer_phone}}')
  await urlDialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(url).toHaveText('https://shop.example/orders/')
  await expect(openUrl).toBeFocused()
  await openUrl.click()
  // The HTTP call runs before itself never: its own output is not offered here.
  await expect(urlDialog.getByRole('button', { name: 'Insert {{http_call_1.status}}' })).toHaveCount(0)
  // Completion while typing: brackets close themselves, Enter takes the highlighted variable.
  await editorOf(urlDialog).click()
  await page.keyboard.press('Control+End')
  await page.keyboard.type('{{customer_p')
  await expect(page.locator('.cm-tooltip-autocomplete [aria-selected="true"]')).toContainText('customer_phone')
  // CodeMirror ignores Enter for its interactionDelay (75 ms) after the list opens, so a hasty key cannot pick.
  await page.waitForTimeout(200)
  await page.keyboard.press('Enter')
  await expect(editorOf(urlDialog)).toHaveText('https://shop.example/orders/{{customer_phone}}')
  await urlDialog.getByRole('button', { name: 'Apply' }).click()
  await expect(url).toHaveText('https://shop.example/orders/{{customer_phone}}')

  // A condition operand: a node after the message reads the HTTP call's status.
  await card(page, 'message_1').click()
  await page.getByRole('button', { name: 'Add Condition', exact: true }).click()
  await expect(card(page, 'condition_1')).toBeVisible()
  // Each rule's operands are named by their rule.
  await panel(page).getByRole('button', { name: 'Open Expression Builder for Rule 1 left operand' }).click()
  const valueDialog = builder(page, 'Rule 1 left operand')
  await valueDialog.getByRole('button', { name: 'Insert {{http_call_1.status}}' }).click()
  await valueDialog.getByRole('button', { name: 'Apply' }).click()
  await expect(panel(page).getByLabel('Rule 1 left operand', { exact: true })).toHaveText('{{http_call_1.status}}')

  // The sample was saved into the flow document: after a reload the Response tree is still there.
  await saved(page)
  await page.reload()
  await card(page, 'message_1').click()
  await panel(page).getByRole('button', { name: 'Open Expression Builder for Message text' }).click()
  await builder(page, 'Message text').getByRole('tab', { name: 'Response' }).click()
  await expect(
    builder(page, 'Message text').getByRole('button', { name: 'Insert {{http_call_1.result.order.id}}' }),
  ).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(builder(page, 'Message text')).toHaveCount(0)
})
