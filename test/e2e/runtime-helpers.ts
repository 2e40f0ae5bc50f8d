import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { startServe } from '../../electron/runtime/testing/serve-child'
import type { FlowDocument } from '../../shared/flow/document'
import { apiCall } from './emulator-helpers'

// `chatflow serve` started by an end-to-end test on 127.0.0.1 with the publish API on, in a temporary data folder.

export const RUNTIME_KEY = 'pk_e2e_0123456789abcdef'

export async function startRuntime(): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-e2e-publish-'))
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true })
  try {
    const serve = await startServe(['--data-dir', dir, '--port', '0'], {
      CHATFLOW_PUBLISH_KEY: RUNTIME_KEY,
      CHATFLOW_PUBLISH_PORT: '0',
      CHATFLOW_WEBHOOK_PORT: '0',
    })
    return { url: serve.api, stop: async () => (await serve.stop(), removeDir()) }
  } catch (err) {
    removeDir()
    throw err
  }
}

/** The example flow `file` (resources/examples/<file>.flow.json) stored as a new flow, the page reloaded; its id. */
export async function storeExample(page: Page, file: string): Promise<string> {
  const example = JSON.parse(fs.readFileSync(`resources/examples/${file}.flow.json`, 'utf8')) as FlowDocument
  const created = await apiCall<{ id: string; revision: number }>(page, 'flows.create', { name: example.name })
  await apiCall(page, 'flows.save', { document: { ...example, id: created.id }, expectedRevision: created.revision })
  await page.reload()
  return created.id
}

/** Publish… on the open flow, a new server named `name` at `url` with `key`: the dialog, ready to publish. */
export async function addPublishServer(
  page: Page,
  url: string,
  key = RUNTIME_KEY,
  name = 'Production',
): Promise<Locator> {
  await page.getByRole('button', { name: 'Publish…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Publish' })
  await dialog.getByLabel('Server name').fill(name)
  await dialog.getByLabel('Base URL').fill(url)
  await dialog.getByLabel('API key').fill(key)
  await dialog.getByRole('button', { name: 'Add server' }).click()
  return dialog
}
