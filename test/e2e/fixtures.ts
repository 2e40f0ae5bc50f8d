import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test as base, expect, type Page } from '@playwright/test'
import { HostProcess } from './host'

export { expect }
export { HostProcess }

export interface StudioFixture {
  /** http://127.0.0.1:PORT of the running host. */
  readonly url: string
  readonly port: number
  /** The temporary data folder (holds studio.sqlite). Deleted after the test. */
  readonly dataDir: string
  start(): Promise<void>
  stop(): Promise<void>
  /** Stops and starts the host on the same port and data folder. */
  restart(): Promise<void>
  /** What the host printed (stdout + stderr). */
  output(): string
  /** Opens the studio in `page` at `hash` (default the flows list, which it then waits for). */
  open(page: Page, hash?: string): Promise<void>
}

/**
 * `studio`: a browser host of its own for each test, on a free port with an empty temporary data folder.
 * Use: `import { test, expect } from './fixtures'` then `test('…', async ({ page, studio }) => …)`.
 */
export const test = base.extend<{ studio: StudioFixture }>({
  studio: async ({}, use, testInfo) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-e2e-'))
    const host = new HostProcess(dataDir)
    await host.start()
    const fixture: StudioFixture = {
      get url() {
        return host.url
      },
      get port() {
        return host.port
      },
      dataDir,
      start: () => host.start(),
      stop: () => host.stop(),
      restart: () => host.restart(),
      output: () => host.output(),
      async open(page, hash = '#/flows') {
        await page.goto(`${host.url}/${hash}`)
        if (hash === '#/flows') await expect(page.getByRole('heading', { name: 'Flows', level: 1 })).toBeVisible()
      },
    }
    await use(fixture)
    await host.stop()
    if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('host output', { body: host.output() })
    fs.rmSync(dataDir, { recursive: true, force: true })
  },
})
