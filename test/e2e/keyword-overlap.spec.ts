import { buildFlow } from '../../shared/engine/testing/fixtures'
import { apiCall } from './emulator-helpers'
import { expect, test } from './fixtures'

// Two flows answering the same keyword: the designer of the second one is warned in the Problems panel, and the
// warning goes away when the keyword is changed.

const keywordFlow = (id: string, name: string, keyword: string, matchMode: string, active: boolean) =>
  buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: [keyword], matchMode } },
      { type: 'message', name: 'message_1', config: { text: `This is ${name}` } },
    ],
    [['trigger_1', 'out', 'message_1']],
    { id, name, active },
  )

async function createFlow(
  page: Parameters<typeof apiCall>[0],
  name: string,
  keyword: string,
  matchMode: string,
  active: boolean,
) {
  const created = await apiCall<{ id: string; revision: number }>(page, 'flows.create', { name })
  await apiCall(page, 'flows.save', {
    document: keywordFlow(created.id, name, keyword, matchMode, active),
    expectedRevision: created.revision,
  })
  return created.id
}

test('warns in the Problems panel about a keyword another active flow also answers', async ({ page, studio }) => {
  await studio.open(page)
  await createFlow(page, 'Support', 'help', 'contains', true)
  const mine = await createFlow(page, 'Orders', 'help', 'exact', false)
  await studio.open(page, `#/flows/${mine}`)
  const problems = page.getByRole('region', { name: 'Problems' })
  await expect(problems).toContainText(
    'The message "help" matches keyword "help" here and "help" of the active flow "Support"',
  )
  await expect(problems).toContainText('"Support" never starts from it')

  // Clicking the warning opens the trigger's panel; a different keyword clears it.
  await problems.getByRole('button', { name: /matches keyword "help"/ }).click()
  const keyword = page
    .locator('aside.node-panel')
    .getByRole('textbox', { name: /keyword/i })
    .first()
  await expect(keyword).toHaveValue('help')
  await keyword.fill('orders')
  await expect(problems).not.toContainText('matches keyword', { timeout: 10_000 })
})
