import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { test, expect } from './fixtures'
import { card, openBuilder, openNewFlow, panel, saved } from './editor-helpers'

/** A real API on 127.0.0.1 the studio's back end calls: an order by id, 404 for any other. */
async function startOrdersServer(): Promise<{ base: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const m = /^\/orders\/([^/?]+)/.exec(req.url ?? '')
    const found = m?.[1] === 'A1'
    res.writeHead(found ? 200 : 404, { 'content-type': 'application/json', 'x-shop': 'tea' })
    res.end(
      JSON.stringify(found ? { id: 'A1', status: 'shipped', total: 42.5 } : { error: `no order ${m?.[1] ?? ''}` }),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  }
}

test('HTTP Call Test request: asks for the variable, shows the answer, and its response becomes the sample completion offers', async ({
  page,
  studio,
}) => {
  const api = await startOrdersServer()
  try {
    await openNewFlow(page, studio, 'Orders')
    await card(page, 'trigger_1').click()
    await page.getByRole('button', { name: 'Add HTTP Call', exact: true }).click()
    await expect(card(page, 'http_call_1')).toBeVisible()
    await panel(page).getByLabel('URL', { exact: true }).fill(`${api.base}/orders/{{order_id}}`)

    await panel(page).getByRole('button', { name: 'Test request' }).click()
    const dialog = page.getByRole('dialog', { name: 'Test request: http_call_1' })
    const value = dialog.getByLabel('Value of order_id')
    await expect(value).toBeFocused()

    // A wrong id: the failure is shown with its status, and no sample is taken from it yet.
    await value.fill('B2')
    await dialog.getByRole('button', { name: 'Send request' }).click()
    await expect(dialog.getByRole('status', { name: 'Response status' })).toContainText('404')
    await expect(dialog.getByRole('alert')).toContainText('http_status')
    await expect(dialog.getByLabel('Response body')).toContainText('"error": "no order B2"')

    await value.fill('A1')
    await dialog.getByRole('button', { name: 'Send request' }).click()
    await expect(dialog.getByRole('status', { name: 'Response status' })).toContainText(/^200 OK · \d+ ms$/)
    await expect(dialog.getByLabel('Response body')).toContainText('"status": "shipped"')
    await dialog.getByText('Headers').click()
    await expect(dialog.getByText('x-shop')).toBeVisible()
    await dialog.getByRole('button', { name: 'Use as sample response' }).click()
    await expect(dialog.getByRole('button', { name: 'Saved as sample response' })).toBeDisabled()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toHaveCount(0)
    // Taking the sample is one undoable edit of the flow, like any other.
    await expect(page.getByRole('button', { name: 'Undo' })).toHaveAttribute(
      'title',
      'Undo Sample response of http_call_1 (Ctrl+Z)',
    )

    // The value typed last is offered again.
    await panel(page).getByRole('button', { name: 'Test request' }).click()
    await expect(dialog.getByLabel('Value of order_id')).toHaveValue('A1')
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)

    // A message after the call: the builder's completion offers the response's fields from the sample.
    await page.getByRole('button', { name: 'Add Message', exact: true }).click()
    await expect(card(page, 'message_1')).toBeVisible()
    const builder = await openBuilder(page, 'Message text')
    await builder.locator('.cm-content').click()
    await page.keyboard.type('{{http_call_1.result.st')
    const option = page.locator('.cm-tooltip-autocomplete [aria-selected="true"]')
    // Completion offers the next segment of the path, named as coming from the node's sample response.
    await expect(option).toContainText('status')
    await expect(option).toContainText('sample response (http_call_1)')
    // CodeMirror ignores Enter for its interaction delay after the list opens.
    await page.waitForTimeout(200)
    await page.keyboard.press('Enter')
    await expect(builder.locator('.cm-content')).toHaveText('{{http_call_1.result.status}}')
    await builder.getByRole('button', { name: 'Apply' }).click()
    await expect(card(page, 'message_1')).toContainText('{{http_call_1.result.status}}')

    // The sample is saved in the flow document: after a reload the Response tab still shows it.
    await saved(page)
    await page.reload()
    await card(page, 'message_1').click()
    await openBuilder(page, 'Message text')
    await builder.getByRole('tab', { name: 'Response' }).click()
    await expect(builder.getByRole('button', { name: 'Insert {{http_call_1.result.total}}' })).toBeVisible()
  } finally {
    await api.close()
  }
})
