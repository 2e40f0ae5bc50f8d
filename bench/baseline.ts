// The runtime as it was before issue 20 (main at BASELINE), for benchmarks whose goal is a ratio to the old rate:
// its source is taken from git into .tmp/bench-baseline/<commit> (with this checkout's node_modules linked in) and
// its `chatflow serve` started through tsx, beside today's build, so both are measured in the same run on the same
// machine. Without the commit in the repository's history (a shallow clone) there is no baseline, and the benchmark
// says so instead of printing a ratio.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** main just before issue 20's changes to the stores (the figures of the issue were measured on it). */
export const BASELINE = 'd3405686c9d52aa4e15fd8b9f7d0488e01a7c8f6'

/** The file to run as `node <file> serve …` (startServe's `bundle`), or why there is none. */
export function baselineServe(): { bundle: string } | { missing: string } {
  const dir = path.join(ROOT, '.tmp', 'bench-baseline', BASELINE.slice(0, 12))
  const entry = path.join(dir, 'serve-baseline.mjs')
  if (fs.existsSync(entry)) return { bundle: entry }
  try {
    execFileSync('git', ['cat-file', '-e', `${BASELINE}^{commit}`], { cwd: ROOT, stdio: 'ignore' })
  } catch {
    return { missing: `commit ${BASELINE.slice(0, 12)} is not in this clone's history` }
  }
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(dir, { recursive: true })
  const tar = execFileSync(
    'git',
    ['archive', BASELINE, 'electron', 'shared', 'resources', 'package.json', 'tsconfig.json'],
    { cwd: ROOT, maxBuffer: 1 << 30 },
  )
  execFileSync('tar', ['-x', '-C', dir], { input: tar })
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir')
  // Its CLI through tsx, as `npm run chatflow` ran it then (that version had no server build).
  fs.writeFileSync(
    entry,
    "import { register } from 'tsx/esm/api'\nregister()\nawait import('./electron/cli/index.ts')\n",
  )
  return { bundle: entry }
}
