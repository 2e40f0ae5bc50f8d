import { execFileSync } from 'node:child_process'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../..')

/**
 * Builds what the tests run: the renderer (out/renderer) and the bundled browser host (out/web/index.mjs), so a
 * test never meets a stale build. `npm test` builds once itself and sets CHATFLOW_E2E_PREBUILT=1 to skip this.
 */
export default function globalSetup(): void {
  if (process.env.CHATFLOW_E2E_PREBUILT === '1') return
  const run = (args: string[]) => execFileSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' })
  run([path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'vite.renderer.config.ts', '--logLevel', 'warn'])
  run(['scripts/build-web.mjs'])
}
