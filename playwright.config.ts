import fs from 'node:fs'
import { defineConfig } from '@playwright/test'

// End-to-end tests run Debian's Chromium against the browser host (the Electron binary is not available here).
// Each test starts its own host on a free port with a temporary data folder (test/e2e/fixtures.ts).
// One output folder per run (workers inherit the variable from the runner): engineers share this work tree, and
// two runs writing traces into one folder delete each other's files.
process.env.CHATFLOW_E2E_OUTPUT ??= `test-results/run-${process.pid}`

const chromium = process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/e2e/global-setup.ts',
  // Generous: every test starts (and some restart) a host process, and CI machines may have two cores.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: Number(process.env.CHATFLOW_E2E_WORKERS) || 2,
  // One retry in CI: a 2-core CI machine now and then drops a gesture while Chromium and the host share it. A test
  // that passes only on retry is still reported by name as "Flaky:" at the end of `npm test`, to be fixed.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  outputDir: process.env.CHATFLOW_E2E_OUTPUT,
  use: {
    browserName: 'chromium',
    viewport: { width: 1200, height: 760 },
    trace: 'retain-on-failure',
    launchOptions: {
      ...(chromium ? { executablePath: chromium } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
})
