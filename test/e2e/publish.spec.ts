import type { FlowDocument } from '../../shared/flow/document'
import { apiCall } from './emulator-helpers'
import { expect, test } from './fixtures'
import { addPublishServer, RUNTIME_KEY as KEY, startRuntime, storeExample } from './runtime-helpers'

// The Publish dialog before a publish: what changed since the version the server runs, and the untested branches
// as warnings that do not block. Against `chatflow serve` started by the test on 127.0.0.1.

test('publishing twice: the second time the dialog lists the changed node, and untested branches do not block', async ({
  page,
  studio,
}) => {
  test.setTimeout(120_000)
  // The runtime (the server bundle) starts while the studio opens.
  const starting = startRuntime()
  try {
    await studio.open(page)
    const flowId = await storeExample(page, 'age-gate')
    const runtime = await starting
    const dialog = await addPublishServer(page, runtime.url, KEY)

    const before = dialog.getByRole('region', { name: 'Before publishing' })
    await expect(before).toContainText('Not published on this server yet')
    // No test has run: every branch is untested, a warning that leaves the button enabled.
    await expect(before.getByRole('list', { name: 'Warnings' })).toContainText(
      /untested branches \(coverage 0%\): trigger_1 → /,
    )
    await expect(before.getByRole('list', { name: 'Warnings' })).toContainText('is_adult → ')
    // Publishing names the revision it publishes: here with the name typed in the dialog.
    await expect(dialog.getByLabel('Version published')).toContainText('not named yet')
    await dialog.getByLabel('Version name').fill('launch')
    await dialog.getByRole('button', { name: 'Validate and publish' }).click()
    await expect(dialog.getByRole('status')).toHaveText('Published version 1 as “launch”.', { timeout: 30_000 })
    await expect(before).toContainText('No changes since version 1.')
    await expect(dialog.getByLabel('Version published')).toContainText('named “launch”')
    await dialog.getByRole('button', { name: 'Close' }).click()

    // The goodbye message is reworded in the studio.
    const stored = await apiCall<{ document: FlowDocument; revision: number }>(page, 'flows.get', { id: flowId })
    const doc = structuredClone(stored.document)
    doc.nodes.find((n) => n.name === 'goodbye')!.config.text = 'See you when you are 18!'
    await apiCall(page, 'flows.save', { document: doc, expectedRevision: stored.revision })
    // The flows list shows what the server runs beside the draft, which has moved on.
    const row = page.getByRole('listitem', { name: 'Age gate' })
    await expect(row.getByLabel(/^On Production: /)).toHaveText('Production v1 · launch · draft newer')
    await page.screenshot({ path: test.info().outputPath('flows-published.png') })

    await page.getByRole('button', { name: 'Publish…' }).click()
    await expect(before.getByRole('heading', { name: 'Changes since version 1 (launch) on Production' })).toBeVisible()
    await expect(before.getByRole('list', { name: 'Changes' }).getByRole('listitem')).toHaveText([
      'Changed node goodbye: text: "No problem. Come back when you are 18!" → "See you when you are 18!"',
    ])
    await dialog.getByRole('button', { name: 'Validate and publish' }).click()
    await expect(dialog.getByRole('status')).toHaveText('Published version 2.', { timeout: 30_000 })
    await expect(before).toContainText('No changes since version 2.')
    await expect(dialog.getByRole('list', { name: 'Published versions' }).getByRole('listitem').first()).toContainText(
      'Version 2',
    )
    // Unnamed, the revision is named after the server and version; the list follows.
    await expect(dialog.getByLabel('Version published')).toContainText('named “Production v2”')
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(row.getByLabel(/^On Production: /)).toHaveText('Production v2')
  } finally {
    await starting.then(
      (r) => r.stop(),
      () => undefined,
    )
  }
})
