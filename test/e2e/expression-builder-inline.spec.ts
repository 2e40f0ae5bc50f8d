import type { Locator, Page } from '@playwright/test'
import { test, expect, type StudioFixture } from './fixtures'
import { card, openNewFlow, panel } from './editor-helpers'

const popup = (page: Page) => page.locator('.cm-tooltip-autocomplete')

/** Waits for the completion list to offer `label` selected, then past CodeMirror's interaction delay before a key. */
async function offered(page: Page, label: string): Promise<void> {
  await expect(popup(page).locator('[aria-selected="true"]')).toContainText(label)
  await page.waitForTimeout(200)
}

/** Clicks a card until its panel shows `field`: a busy machine can drop the click while focus moves. The open
 *  panel is closed first, as it can cover a card at the canvas's right edge. */
async function openPanel(page: Page, name: string, field: Locator): Promise<void> {
  await page.getByRole('button', { name: 'Close panel' }).click()
  await expect(async () => {
    await card(page, name).click()
    await expect(field).toBeVisible({ timeout: 2000 })
  }).toPass({ timeout: 20_000 })
}

/** trigger → http_call_1 → message_1, with the message's panel open. */
async function twoNodes(page: Page, studio: StudioFixture, name: string): Promise<void> {
  await openNewFlow(page, studio, name)
  await card(page, 'trigger_1').click()
  await page.getByRole('button', { name: 'Add HTTP Call', exact: true }).click()
  await expect(card(page, 'http_call_1')).toBeVisible()
  await page.getByRole('button', { name: 'Add Message', exact: true }).click()
  await expect(card(page, 'message_1')).toBeVisible()
}

test('inline fields highlight, complete and lint as the builder does; Escape and Tab keep their meaning', async ({
  page,
  studio,
}) => {
  test.setTimeout(120_000)
  await twoNodes(page, studio, 'Inline')
  const settings = page.getByRole('complementary', { name: 'Message settings' })

  // Completion while typing in the panel field, from the same sources as the builder: a variable, then a node output.
  const body = panel(page).getByLabel('Message text', { exact: true })
  await body.click()
  await page.keyboard.type('Hi {{cust')
  await offered(page, 'customer_name')
  await page.keyboard.press('Enter')
  await expect(body).toHaveText('Hi {{customer_name}}')
  await page.keyboard.press('Control+End')
  await page.keyboard.type(', status {{http_call_1.st')
  await offered(page, 'status')
  await page.keyboard.press('Enter')
  await expect(body).toHaveText('Hi {{customer_name}}, status {{http_call_1.status}}')
  await expect(body.locator('.cm-expr-variable', { hasText: 'http_call_1.status' })).toBeVisible()
  // The flow document has the text: the card shows it.
  await expect(card(page, 'message_1')).toContainText('Hi {{customer_name}}, status {{http_call_1.status}}')

  // Lint inline: an unknown variable is underlined yellow on its name, a syntax error red.
  await page.keyboard.press('Control+End')
  await page.keyboard.insertText(' {{nobody}}')
  await expect(body.locator('.cm-lintRange-warning')).toHaveText('nobody')
  await page.keyboard.insertText(' {{sum(1, }}')
  await expect(body.locator('.cm-lintRange-error').first()).toBeVisible()
  for (let i = 0; i < ' {{nobody}} {{sum(1, }}'.length; i++) await page.keyboard.press('Backspace')
  await expect(body).toHaveText('Hi {{customer_name}}, status {{http_call_1.status}}')
  await expect(body.locator('.cm-lintRange-warning, .cm-lintRange-error')).toHaveCount(0)

  // Escape first closes the completion list and leaves the panel open; a second Escape closes the panel.
  await page.keyboard.type(' {{cust')
  await expect(popup(page)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(popup(page)).toHaveCount(0)
  await expect(settings).toBeVisible()
  await page.keyboard.press('Control+End')
  for (let i = 0; i < ' {{cust}}'.length; i++) await page.keyboard.press('Backspace')
  await expect(body).toHaveText('Hi {{customer_name}}, status {{http_call_1.status}}')
  // Tab leaves the field for the next control: the field's Expression Builder button.
  await page.keyboard.press('Tab')
  await expect(panel(page).getByRole('button', { name: 'Open Expression Builder for Message text' })).toBeFocused()
  // The visible label focuses the field, as it did the plain textarea.
  await panel(page).locator('label', { hasText: 'Message text' }).click()
  await expect(body).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(settings).toHaveCount(0)
})

test('inline fields: typing lands in the editor undo history; a one-line field stays on one line', async ({
  page,
  studio,
}) => {
  test.setTimeout(120_000)
  await twoNodes(page, studio, 'Inline undo')
  const body = panel(page).getByLabel('Message text', { exact: true })
  await body.fill('Hi {{customer_name}}, status {{http_call_1.status}}')
  await expect(card(page, 'message_1')).toContainText('Hi {{customer_name}}, status {{http_call_1.status}}')

  // Undo: typing landed in the editor's history; the field follows undo and redo of the document.
  // (Typing in one field within a second is one undo step; the checkbox, another field, starts a new one.)
  await panel(page).getByLabel('Show link preview').check()
  await body.fill('Bye {{customer_name}}')
  await expect(card(page, 'message_1')).toContainText('Bye {{customer_name}}')
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(body).toHaveText('Hi {{customer_name}}, status {{http_call_1.status}}')
  await expect(panel(page).getByLabel('Show link preview')).toBeChecked()
  await page.getByRole('button', { name: 'Redo' }).click()
  await expect(body).toHaveText('Bye {{customer_name}}')
  await expect(card(page, 'message_1')).toContainText('Bye {{customer_name}}')

  // A one-line field stays on one line: Enter adds nothing (it picks a completion when the list is open).
  const url = panel(page).getByLabel('URL', { exact: true })
  await openPanel(page, 'http_call_1', url)
  await url.fill('https://shop.example/')
  await url.press('Control+End')
  await page.keyboard.press('Enter')
  await page.keyboard.type('{{customer_ph')
  await offered(page, 'customer_phone')
  await page.keyboard.press('Enter')
  await expect(url).toHaveText('https://shop.example/{{customer_phone}}')
  await expect(url.locator('.cm-line')).toHaveCount(1)
})
