// Test support: where the built server (`npm run build:server`, dist/chatflow.mjs and its side files) is for tests
// and benchmarks, which start serve from the build as production does. `npm test` builds once into its private
// folder and names it in CHATFLOW_SERVER_BUILD; any other run (npx vitest, playwright, the bench) gets a build in
// .tmp/server-build, made on first use and made again only when a source is newer (about a second).
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

let checked: string | null = null

/** The folder holding chatflow.mjs, built first when missing or older than the sources. */
export function serverBuildDir(): string {
  const given = process.env.CHATFLOW_SERVER_BUILD
  if (given) return given
  if (checked) return checked
  const dir = path.join(ROOT, '.tmp', 'server-build')
  execFileSync(process.execPath, ['scripts/build-server.mjs', '--out-dir', dir, '--if-stale'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  checked = dir
  return dir
}

/** For a global set-up: builds when stale, then hands the folder to every worker through the environment. */
export function ensureServerBuild(): string {
  const dir = serverBuildDir()
  process.env.CHATFLOW_SERVER_BUILD = dir
  return dir
}
