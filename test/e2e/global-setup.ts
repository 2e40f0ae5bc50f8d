import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { ensureServerBuild } from '../../electron/runtime/testing/server-build'

const ROOT = path.resolve(import.meta.dirname, '../..')

/**
 * Builds what the tests run, the renderer and the bundled browser host, into a private folder for this run
 * (engineers share the work tree: one run must never serve another's half-written build). `npm test` builds once
 * itself and passes its folder in CHATFLOW_E2E_BUILD; the hosts read it (see host.ts).
 */
export default function globalSetup(): (() => void) | undefined {
  // `chatflow serve` started by the publish and channel tests runs from the server bundle (built when stale).
  ensureServerBuild()
  if (process.env.CHATFLOW_E2E_BUILD) return undefined
  const build = path.join(ROOT, '.tmp', `e2e-build-${process.pid}`)
  const run = (args: string[]) => execFileSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' })
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js')
  run([
    vite,
    'build',
    '--config',
    'vite.renderer.config.ts',
    '--logLevel',
    'warn',
    '--outDir',
    path.join(build, 'renderer'),
  ])
  run(['scripts/build-web.mjs', '--out-dir', path.join(build, 'web')])
  process.env.CHATFLOW_E2E_BUILD = build
  return () => fs.rmSync(build, { recursive: true, force: true })
}
