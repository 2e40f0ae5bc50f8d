import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startServe } from '../../electron/runtime/testing/serve-child'

// `chatflow serve` started by an end-to-end test on 127.0.0.1 with the publish API on, in a temporary data folder.

export const RUNTIME_KEY = 'pk_e2e_0123456789abcdef'

export async function startRuntime(): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-e2e-publish-'))
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true })
  try {
    const serve = await startServe(['--data-dir', dir, '--port', '0'], { CHATFLOW_PUBLISH_KEY: RUNTIME_KEY, CHATFLOW_PUBLISH_PORT: '0', CHATFLOW_WEBHOOK_PORT: '0' })
    return { url: serve.api, stop: async () => (await serve.stop(), removeDir()) }
  } catch (err) {
    removeDir()
    throw err
  }
}
