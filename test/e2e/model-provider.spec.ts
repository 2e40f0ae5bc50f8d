import { buildFlow } from '../../shared/engine/testing/fixtures'
import { SHOP_INTENTS } from '../../shared/nodes/intent/testing'
import { chatAnswer, startFakeModelServer } from '../../electron/services/effects/testing/model-server'
import { apiCall, emulatorPanel } from './emulator-helpers'
import { expect, test } from './fixtures'

// The optional model provider (issue 34): Settings → Model provider against a fake OpenAI-compatible endpoint on
// loopback (Test connection, its failure shown in place, the key never shown again), and an Intent step's scores
// and provider in Flow Logs.

process.env.CHATFLOW_WEBHOOK_PORT = '0'

test('Settings → Model provider: test the connection, save, and see a refused key where the button is', async ({
  page,
  studio,
}) => {
  const server = await startFakeModelServer()
  try {
    await studio.open(page)
    await page.getByRole('link', { name: 'Settings' }).click()
    const section = page.getByRole('region', { name: 'Model provider' })
    await section.getByLabel('Base URL').fill(server.baseUrl)
    await section.getByLabel('Model').fill('llama3.2')
    await section.getByLabel('API key').fill('sk-e2e-secret')
    server.reply(chatAnswer('{"ok":true}'))
    await section.getByRole('button', { name: 'Test connection' }).click()
    await expect(section.getByTestId('model-test-result')).toContainText('Connected: llama3.2 at 127.0.0.1')
    expect(server.received.at(-1)!.headers.authorization).toBe('Bearer sk-e2e-secret')
    await section.getByRole('button', { name: 'Save' }).click()
    await expect(section.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible()
    await page.screenshot({ path: test.info().outputPath('model-settings.png') })

    // Read again: the key is kept but never sent back to the window.
    await page.reload()
    await expect(section.getByLabel('API key')).toHaveValue('')
    await expect(section.getByLabel('API key')).toHaveAttribute('placeholder', /Saved/)
    server.reply({ status: 401, json: { error: { message: 'Incorrect API key provided' } } })
    await section.getByRole('button', { name: 'Test connection' }).click()
    const failure = section.getByRole('alert')
    await expect(failure).toContainText('model_error')
    await expect(failure).toContainText('refused the API key ("Incorrect API key provided")')
    expect(server.received.at(-1)!.headers.authorization).toBe('Bearer sk-e2e-secret')
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.screenshot({ path: test.info().outputPath('model-settings-dark.png') })

    // A server that never answers: the wait shows, and Cancel ends it.
    server.reply({ hold: true })
    await section.getByRole('button', { name: 'Test connection' }).click()
    const waiting = section.getByRole('status').filter({ hasText: 'Asking' })
    await expect(waiting).toBeVisible()
    await waiting.getByRole('button', { name: 'Cancel' }).click()
    await expect(section.getByRole('status').filter({ hasText: 'Test connection cancelled.' })).toBeVisible()
    await expect(section.getByRole('button', { name: 'Test connection' })).toBeEnabled()
  } finally {
    await server.close()
  }
})

function shopFlow(id: string, provider: 'offline' | 'model') {
  return buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['help'] } },
      {
        type: 'intent',
        name: 'intent_1',
        config: { intents: SHOP_INTENTS, source: 'next', prompt: 'How can I help?', provider },
      },
      { type: 'message', name: 'tracking', config: { text: 'Tracking' } },
      { type: 'message', name: 'cancelling', config: { text: 'Cancelling' } },
      { type: 'message', name: 'agent', config: { text: 'Agent' } },
      { type: 'message', name: 'unsure', config: { text: 'Sorry?' } },
    ],
    [
      ['trigger_1', 'out', 'intent_1'],
      ['intent_1', 'track', 'tracking'],
      ['intent_1', 'cancel', 'cancelling'],
      ['intent_1', 'human', 'agent'],
      ['intent_1', 'other', 'unsure'],
    ],
    { id, name: 'Shop', active: true },
  )
}

test("Flow Logs show an Intent step's scores and provider", async ({ page, studio }) => {
  await studio.open(page)
  const created = await apiCall<{ id: string }>(page, 'flows.create', { name: 'Shop' })
  await apiCall(page, 'flows.save', { document: shopFlow(created.id, 'offline') })
  const contact = await apiCall<{ id: string }>(page, 'emulator.contact', {})
  const t = { flowId: created.id, contactId: contact.id }
  await apiCall(page, 'emulator.start', { ...t, trigger: { kind: 'keyword', text: 'help' } })
  await apiCall(page, 'emulator.send', { ...t, event: { type: 'text', text: 'please cancel my order' } })

  await studio.open(page, `#/flows/${created.id}/logs`)
  await page.getByRole('grid', { name: 'Executions' }).locator('[data-run-id]').first().click()
  const trace = page.getByRole('region', { name: 'Execution trace' })
  await trace.locator('li[data-node="intent_1"]').last().getByRole('button').first().click()
  const scores = trace.getByRole('table', { name: 'Scores of intent_1' })
  await expect(scores.getByRole('rowheader').first()).toContainText('cancel (taken)')
  await expect(trace.getByTestId('step-detail')).toContainText('Provider: offline classifier')
  await page.screenshot({ path: test.info().outputPath('logs-scores.png') })
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.screenshot({ path: test.info().outputPath('logs-scores-dark.png') })
})

test('the Tests tab records model answers into a test that lacked them, then it passes', async ({ page, studio }) => {
  const server = await startFakeModelServer()
  try {
    await studio.open(page)
    await apiCall(page, 'model.settings.save', { baseUrl: server.baseUrl, model: 'tiny-1' })
    const created = await apiCall<{ id: string }>(page, 'flows.create', { name: 'Shop' })
    await apiCall(page, 'flows.save', { document: shopFlow(created.id, 'model') })
    const contact = await apiCall<{ id: string }>(page, 'emulator.contact', {})
    const t = { flowId: created.id, contactId: contact.id }
    server.reply(chatAnswer('{"intent":"cancel","confidence":0.9}'))
    await apiCall(page, 'emulator.start', { ...t, trigger: { kind: 'keyword', text: 'help' } })
    await apiCall(page, 'emulator.send', { ...t, event: { type: 'text', text: 'scrap my order' } })
    await apiCall(page, 'emulator.saveTest', { ...t, name: 'cancels' })

    await page.goto(`${studio.url}/#/flows/${created.id}`)
    await page.getByRole('button', { name: 'Test', exact: true }).click()
    const emulator = emulatorPanel(page)
    await emulator.getByRole('tab', { name: 'Tests' }).click()
    await emulator.getByRole('button', { name: 'Run all' }).click()
    const test1 = emulator.getByTestId('conversation-test')
    await expect(test1).toHaveAttribute('data-status', 'failed')
    await expect(test1.getByLabel('What changed in cancels')).toContainText('recording_missing: node "intent_1"')
    await page.screenshot({ path: test.info().outputPath('tests-recording-missing.png') })

    await emulator.getByRole('button', { name: 'Record model answers' }).click()
    await expect(test1).toHaveAttribute('data-status', 'passed')
    await expect(test1.getByLabel('Model answers of cancels')).toHaveText('Recorded 1 model answer into the test.')
    await page.screenshot({ path: test.info().outputPath('tests-recorded.png') })
  } finally {
    await server.close()
  }
})
