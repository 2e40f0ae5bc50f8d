import { NODE_TYPES } from '../../shared/nodes/node-types'
import { NAME_PREFIX } from '../../shared/nodes/node-types'
import { NODE_DEFINITIONS } from '../../shared/nodes/registry'
import { test, expect } from './fixtures'
import { card, connect, fitView, openNewFlow, panel, saved, zoomToCard } from './editor-helpers'
import { apiCall } from './emulator-helpers'

test('every node type can be added from the palette and opens its panel', async ({ page, studio }) => {
  await openNewFlow(page, studio, 'All types')
  for (const type of NODE_TYPES) {
    const label = NODE_DEFINITIONS[type].label
    // Clear the selection so each node lands at the centre instead of after the previous one.
    await page.keyboard.press('Escape')
    await page.locator('.react-flow__pane').click({ position: { x: 5, y: 5 } })
    await page.getByRole('button', { name: `Add ${label}`, exact: true }).click()
    const name = `${NAME_PREFIX[type]}${type === 'trigger' ? 2 : 1}`
    await expect(page.getByRole('complementary', { name: `${label} settings` })).toBeVisible()
    await expect(panel(page).getByLabel('Node Name')).toHaveValue(name)
    await expect(card(page, name)).toHaveCount(1)
  }
  await saved(page)
  await page.reload()
  await expect(page.locator('.flow-card')).toHaveCount(NODE_TYPES.length + 1)
})

test('build a flow: fill panels, connect ports, rename a referenced node, undo and redo, reload', async ({
  page,
  studio,
}) => {
  await openNewFlow(page, studio, 'Order status')

  // The trigger: a keyword.
  await card(page, 'trigger_1').click()
  await panel(page).getByRole('button', { name: 'Add keyword' }).click()
  await panel(page).getByLabel('Keyword 1', { exact: true }).fill('order')

  // trigger → HTTP call → message that reads the call's status.
  await page.getByRole('button', { name: 'Add HTTP Call', exact: true }).click()
  await expect(card(page, 'http_call_1')).toBeVisible()
  await panel(page).getByLabel('URL', { exact: true }).fill('https://shop.example/orders/{{customer_phone}}')
  await page.getByRole('button', { name: 'Add Message', exact: true }).click()
  await expect(card(page, 'message_1')).toBeVisible()
  await panel(page).getByLabel('Message text', { exact: true }).fill('Your order is {{http_call_1.result.status}}')
  // Adding with a node selected connects the new node from the selected one's first free output.
  await expect(page.locator('.react-flow__edge')).toHaveCount(2)
  await expect(card(page, 'message_1').locator('mark.placeholder')).toHaveText('{{http_call_1.result.status}}')

  // With nothing selected a new node is not connected; its ports are connected by dragging.
  await page.locator('.react-flow__pane').click({ position: { x: 5, y: 5 } })
  await page.getByRole('button', { name: 'Add End', exact: true }).click()
  await fitView(page)
  await expect(page.locator('.react-flow__edge')).toHaveCount(2)
  await connect(page, 'Output Next of message_1', 'Input of end_1')
  await expect(page.locator('.react-flow__edge')).toHaveCount(3)
  // A second edge from the same output is refused; the trigger has no input to drop on at all.
  await connect(page, 'Output Start of trigger_1', 'Input of message_1')
  await expect(page.getByLabel('Input of trigger_1')).toHaveCount(0)
  await expect(page.locator('.react-flow__edge')).toHaveCount(3)

  // Rename the referenced node: the dialog lists the place of use; confirm rewrites it.
  await card(page, 'http_call_1').click()
  await expect(panel(page).getByText('Used in 1 place(s)')).toBeVisible()
  await expect(panel(page).getByText(/Variables: \{\{http_call_1\.status\}\}/)).toBeVisible()
  const nameField = panel(page).getByLabel('Node Name')
  await nameField.fill('order api')
  await expect(panel(page).getByText("Name 'order api' contains a space")).toBeVisible()
  await nameField.fill('order_api')
  await nameField.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Rename http_call_1 to order_api?' })
  await expect(dialog.getByRole('list', { name: 'Places of use' })).toContainText('message_1')
  await expect(dialog).toContainText('{{http_call_1.result.status}}')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(nameField).toHaveValue('http_call_1')
  await nameField.fill('order_api')
  await nameField.press('Enter')
  await page.getByRole('button', { name: 'Rename and update 1 place' }).click()
  await expect(card(page, 'order_api')).toBeVisible()
  await zoomToCard(page, 'message_1')
  await expect(card(page, 'message_1')).toContainText('{{order_api.result.status}}')

  // Undo takes back the rename with its rewrite; redo brings both back.
  await page.locator('.react-flow__pane').click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('Control+z')
  await expect(card(page, 'http_call_1')).toBeVisible()
  await expect(card(page, 'message_1')).toContainText('{{http_call_1.result.status}}')
  await page.getByRole('button', { name: 'Redo' }).click()
  await expect(card(page, 'message_1')).toContainText('{{order_api.result.status}}')

  await saved(page)
  await studio.restart()
  await page.reload()
  await expect(card(page, 'order_api')).toBeVisible()
  await expect(card(page, 'message_1')).toContainText('{{order_api.result.status}}')
  await expect(card(page, 'trigger_1')).toContainText('order')
  await expect(page.locator('.react-flow__edge')).toHaveCount(3)
})

test('an optional number emptied in a panel means no limit again, not 0', async ({ page, studio }) => {
  await openNewFlow(page, studio, 'Limits')
  await page.getByRole('button', { name: 'Add Question', exact: true }).click()
  const min = panel(page).getByLabel('Min', { exact: true })
  await min.fill('3')
  await saved(page)
  const stored = async () => {
    const id = /#\/flows\/([^/?]+)/.exec(page.url())![1]!
    const { document } = await apiCall<{ document: { nodes: { name: string; config: { min: unknown } }[] } }>(
      page,
      'flows.get',
      { id },
    )
    return document.nodes.find((n) => n.name === 'question_1')!.config.min
  }
  await expect.poll(stored).toBe(3)
  await min.fill('')
  await saved(page)
  await expect.poll(stored).toBeNull()
})
