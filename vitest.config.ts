import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'electron/**/*.test.ts', 'renderer/**/*.test.{ts,tsx}', 'test/unit/**/*.test.ts'],
    exclude: ['node_modules', 'out', 'test/e2e'],
    environment: 'node',
    testTimeout: 20000,
    pool: 'forks',
    // Tests start `chatflow serve` from the server bundle: built here once when a source changed.
    globalSetup: ['electron/runtime/testing/global-build.ts'],
    // Back ends made by tests take any free webhook port, never the studio's default 7373.
    env: { CHATFLOW_WEBHOOK_PORT: '0' },
  },
})
