import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test as base, expect, type Page } from '@playwright/test'
import { cookieName } from '../../electron/web/session-token'
import { HostProcess } from './host'

export { expect }
export { HostProcess }

export interface StudioFixture {
  /** http://127.0.0.1:PORT of the running host. */
  readonly url: string
  readonly port: number
  /** The session token the host printed; the test's browser context already holds it as the host's cookie. */
  readonly token: string
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
  studio: async ({ context }, use, testInfo) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-e2e-'))
    const host = new HostProcess(dataDir)
    // The browser host requires its session token; a person opens the printed address, which sets this cookie.
    const started = async () => {
      await context.addCookies([
        { name: cookieName(host.port), value: host.token, url: host.url, httpOnly: true, sameSite: 'Strict' },
      ])
    }
    await host.start()
    await started()
    const fixture: StudioFixture = {
      get url() {
        return host.url
      },
      get port() {
        return host.port
      },
      get token() {
        return host.token
      },
      dataDir,
      start: () => host.start().then(started),
      stop: () => host.stop(),
      restart: () => host.restart().then(started),
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
