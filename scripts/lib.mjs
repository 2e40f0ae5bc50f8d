// Helpers shared by start.mjs and test-all.mjs: run a command, and tell whether a build is older than its sources.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Explained } from './failure.mjs'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))
export const bin = (name) =>
  path.join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name)

/** Runs a command with inherited output; resolves to its exit code (never rejects on a non-zero code). */
export function run(command, args, options = {}) {
  const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options })
  const done = new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
  // The caller may need the process itself, e.g. to pass on SIGTERM.
  done.child = child
  return done
}

function newestMtime(target) {
  let stat
  try {
    stat = fs.statSync(target)
  } catch {
    return 0
  }
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)))
  }
  return newest
}

/** True when `output` is missing or older than any file under `sources` (paths relative to the project). */
export function isStale(output, sources) {
  const built = newestMtime(path.join(ROOT, output))
  if (!built) return true
  return sources.some((s) => newestMtime(path.join(ROOT, s)) > built)
}

export const RENDERER_SOURCES = ['renderer', 'shared', 'vite.renderer.config.ts', 'package-lock.json']
export const WEB_HOST_SOURCES = ['electron', 'shared', 'scripts/build-web.mjs', 'package-lock.json']
export const SERVER_SOURCES = ['electron', 'shared', 'scripts/build-server.mjs', 'package-lock.json']

export async function buildRenderer(outDir = 'out/renderer') {
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js')
  const code = await run(process.execPath, [
    vite,
    'build',
    '--config',
    'vite.renderer.config.ts',
    '--logLevel',
    'warn',
    '--outDir',
    path.resolve(ROOT, outDir),
  ])
  if (code !== 0) throw new Explained('building the renderer failed (see above)')
}

export async function buildWebHostBundle(outDir = 'out/web') {
  const code = await run(process.execPath, ['scripts/build-web.mjs', '--out-dir', outDir])
  if (code !== 0) throw new Explained('building the browser host failed (see above)')
}

/** `npm run build:server` into `outDir` (dist/chatflow.mjs and its two side files by default). */
export async function buildServerBundle(outDir = 'dist') {
  const code = await run(process.execPath, ['scripts/build-server.mjs', '--out-dir', outDir])
  if (code !== 0) throw new Explained('building the server bundle failed (see above)')
}
