#!/usr/bin/env node
// `npm start`: sets up what is missing, builds what is stale, then opens the desktop app, or, where Electron's
// runtime is not installed (or with --web), starts the browser host and prints its address.
//   npm start                       desktop app if possible, else the browser host
//   npm start -- --web [--port N] [--data-dir DIR] [--new-token]
//   npm run dev                     the browser host, rebuilding the renderer on every change (reload the page)
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { describeFailure, Explained } from './failure.mjs'
import {
  buildRenderer,
  buildWebHostBundle,
  isStale,
  RENDERER_SOURCES,
  ROOT,
  run,
  WEB_HOST_SOURCES,
  bin,
} from './lib.mjs'

const DEFAULT_PORT = 5190
const args = process.argv.slice(2)
const dev = args.includes('--dev')
const forceWeb = dev || args.includes('--web') || process.env.CHATFLOW_WEB === '1'
let current // the long-running child (desktop app or host), to pass SIGTERM on to
// npm runs scripts from the project folder; a relative data folder means the one the user typed the command in.
const userCwd = process.env.INIT_CWD || process.cwd()
const absolute = (dir) => (dir && !dir.startsWith('--') ? path.resolve(userCwd, dir) : dir)
const hostArgs = args
  .filter((a) => a !== '--web' && a !== '--dev')
  .map((a, i, all) =>
    all[i - 1] === '--data-dir' ? absolute(a) : a.startsWith('--data-dir=') ? `--data-dir=${absolute(a.slice(11))}` : a,
  )
if (process.env.CHATFLOW_DATA_DIR) process.env.CHATFLOW_DATA_DIR = absolute(process.env.CHATFLOW_DATA_DIR)
const say = (line) => process.stdout.write(`${line}\n`)

async function ensureInstalled() {
  if (fs.existsSync(path.join(ROOT, 'node_modules', '.package-lock.json'))) return
  say('First start: installing dependencies with npm ci (this takes a few minutes, once)…')
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  // Our postinstall tries Electron's download once and never fails the install, so this works offline too.
  const code = await run(npm, ['ci', '--no-audit', '--no-fund'])
  if (code !== 0)
    throw new Explained(
      'npm ci failed (its output is above). Without internet access it can only install packages already in ' +
        "npm's cache; on Linux, a failed build of better-sqlite3 means the C++ toolchain is missing (install " +
        'python3, make and g++). See "The two commands" in README.md.',
    )
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

async function startDesktop(executable) {
  if (isStale('out/main', ['electron', 'shared', 'renderer', 'electron.vite.config.ts'])) {
    say('Building the desktop app…')
    const code = await run(bin('electron-vite'), ['build'])
    if (code !== 0) throw new Explained('electron-vite build failed (its errors are above).')
  }
  say('Opening Chatflow Studio…')
  current = run(executable, [ROOT, ...hostArgs])
  return current
}

async function startBrowserHost(reason) {
  if (reason) say(`Starting the browser host instead of the desktop app: ${reason}.`)
  if (isStale('out/renderer/index.html', RENDERER_SOURCES)) {
    say('Building the studio…')
    await buildRenderer()
  }
  if (isStale('out/web/index.mjs', WEB_HOST_SOURCES)) await buildWebHostBundle()
  if (dev)
    run(process.execPath, [
      path.join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--watch',
      '--config',
      'vite.renderer.config.ts',
      '--logLevel',
      'warn',
    ])
  const portGiven = hostArgs.some((a) => a === '--port' || a.startsWith('--port=')) || process.env.CHATFLOW_PORT
  const port = portGiven ? [] : ['--port', String((await portIsFree(DEFAULT_PORT)) ? DEFAULT_PORT : 0)]
  current = run(process.execPath, [path.join(ROOT, 'out/web/index.mjs'), ...port, ...hostArgs])
  return current
}

async function main() {
  await ensureInstalled()
  if (forceWeb) return startBrowserHost()
  const { electronStatus } = await import('./electron-status.mjs')
  const status = electronStatus()
  return status.ok ? startDesktop(status.executable) : startBrowserHost(status.reason)
}

// The child shares our terminal, so Ctrl+C reaches it directly; we only wait for it and pass on its exit code.
process.on('SIGINT', () => {})
process.on('SIGTERM', () => current?.child.kill('SIGTERM'))
main().then(
  (code) => process.exit(code),
  (err) => {
    // A foreseen failure is its message; anything else keeps its stack, to be reported.
    process.stderr.write(`npm start: ${describeFailure(err)}\n`)
    process.exit(1)
  },
)
