import type { Page } from '@playwright/test'
import { callerFlow, verifyFlow } from '../../shared/analysis/testing/call-flows'
import type { FlowDocument } from '../../shared/flow/document'
import { apiCall, emulatorPanel } from './emulator-helpers'
import { expect, test } from './fixtures'

// A flow other flows call: the Problems panel of the caller checks the call against it, and renaming or deleting it
// lists its callers first.

async function store(page: Page, doc: FlowDocument, ids: Map<string, string>): Promise<string> {
  const created = await apiCall<{ id: string; revision: number }>(page, 'flows.create', { name: doc.name })
  ids.set(doc.id, created.id)
  const text = [...ids].reduce((s, [from, to]) => s.replaceAll(`"${from}"`, `"${to}"`), JSON.stringify(doc))
  await apiCall(page, 'flows.save', { document: JSON.parse(text) as FlowDocument, expectedRevision: created.revision })
  return created.id
}

test('the caller is checked against its callee; renaming or deleting the callee names its callers', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  const ids = new Map<string, string>()
  await store(page, verifyFlow(), ids)
  const orders = await store(page, callerFlow(), ids)

  await studio.open(page, `#/flows/${orders}`)
  const problems = page.getByRole('region', { name: 'Problems' })
  await expect(problems).toContainText(
    "'Verify phone' does not return 'phone' on the path trigger_1 → ask_phone (No valid answer) → end_gave_up",
  )

  // The callee fixed elsewhere (its own editor, another window): the caller's check follows without an edit.
  const fixed = verifyFlow()
  fixed.nodes[3]!.config = { returns: { verified: 'false', phone: 'none' } }
  fixed.id = ids.get(fixed.id)!
  await apiCall(page, 'flows.save', { document: fixed })
  await expect(problems).not.toContainText("does not return 'phone'")

  await studio.open(page)
  await page.getByRole('button', { name: 'Rename Verify phone' }).click()
  await expect(page.getByLabel('Flow name')).toHaveAccessibleDescription(
    'Called by “Orders” (call_verify). Calls name the flow by its id, so they keep working under the new name.',
  )
  await page.screenshot({ path: test.info().outputPath('rename-callers.png') })
  await page.getByLabel('Flow name').press('Escape')

  await page.emulateMedia({ colorScheme: 'dark' })
  await page.getByRole('button', { name: 'Delete Verify phone' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Delete “Verify phone”?' })
  await expect(dialog).toContainText(
    'One flow calls it: “Orders” (call_verify). Their calls will fail until they call another flow.',
  )
  await page.screenshot({ path: test.info().outputPath('delete-callers.png') })
  await dialog.getByRole('button', { name: 'Delete flow' }).click()

  await studio.open(page, `#/flows/${orders}`)
  await expect(problems).toContainText("'call_verify' calls the flow")
  await expect(problems).toContainText('which does not exist')
})

test("generating a caller's tests explores its callee and shows the callee's coverage", async ({ page, studio }) => {
  await studio.open(page)
  const ids = new Map<string, string>()
  await store(page, verifyFlow(), ids)
  const orders = await store(page, callerFlow(), ids)
  await studio.open(page, `#/flows/${orders}`)
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  const emulator = emulatorPanel(page)
  await emulator.getByRole('tab', { name: 'Tests' }).click()
  const generate = emulator.getByRole('region', { name: 'Generate tests' })
  await generate.getByRole('button', { name: 'Generate tests' }).click()
  const summary = generate.getByRole('status').filter({ hasText: 'generated' })
  await expect(summary).toContainText(/tests? generated in \d+\.\d s · coverage 5\/5 branches/, { timeout: 30_000 })
  await expect(summary.getByRole('list', { name: 'Coverage of the flows it calls' })).toHaveText(
    'Verify phone (called): 3/3 branches',
  )
  const tests = emulator.getByTestId('conversation-test').filter({ hasText: 'Generated: ' })
  for (const t of await tests.all()) await expect(t).toHaveAttribute('data-status', 'passed')
  await page.screenshot({ path: test.info().outputPath('generate-through-calls.png') })
})
