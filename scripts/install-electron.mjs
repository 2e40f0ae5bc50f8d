#!/usr/bin/env node
// Installs Electron's runtime (the binary) into node_modules/electron, which `npm ci` leaves out on purpose
// (package.json allowScripts: electron false) so that installing never fails offline.
//   npm run install-electron                      download it (needs internet access to github.com)
//   npm run install-electron -- --zip FILE        use electron-vX.Y.Z-<platform>-<arch>.zip fetched elsewhere
//   (postinstall runs it with --postinstall: a download attempt that never fails the install)
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { ROOT } from './lib.mjs'
import { electronStatus, ELECTRON_DIR } from './electron-status.mjs'

const args = process.argv.slice(2)
const postinstall = args.includes('--postinstall')
const zipAt = args.indexOf('--zip')
const say = (line) => process.stdout.write(`${line}\n`)

function electronVersion() {
  return JSON.parse(fs.readFileSync(path.join(ELECTRON_DIR, 'package.json'), 'utf8')).version
}

function platformPath() {
  if (process.platform === 'darwin') return 'Electron.app/Contents/MacOS/Electron'
  if (process.platform === 'win32') return 'electron.exe'
  return 'electron'
}

function howToOffline() {
  const v = electronVersion()
  const file = `electron-v${v}-${process.platform === 'win32' ? 'win32' : process.platform}-${process.arch}.zip`
  return [
    "Electron's runtime could not be downloaded. The studio still works in your browser: npm start.",
    'To get the desktop app on a machine without internet access:',
    `  1. elsewhere, download ${file}`,
    `     from https://github.com/electron/electron/releases/tag/v${v}`,
    `  2. copy it here and run: npm run install-electron -- --zip /path/to/${file}`,
  ].join('\n')
}

async function fromZip(file) {
  const require = createRequire(path.join(ELECTRON_DIR, 'package.json'))
  const extract = require('extract-zip')
  const dist = path.join(ELECTRON_DIR, 'dist')
  fs.rmSync(dist, { recursive: true, force: true })
  await extract(path.resolve(file), { dir: dist })
  fs.writeFileSync(path.join(ELECTRON_DIR, 'path.txt'), platformPath())
}

function download(timeoutMs) {
  return new Promise((resolve) => {
    const env = { ...process.env }
    delete env.ELECTRON_SKIP_BINARY_DOWNLOAD
    const child = spawn(process.execPath, [path.join(ELECTRON_DIR, 'install.js')], { cwd: ROOT, env, stdio: 'inherit' })
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve(code === 0)
    })
    child.once('error', () => resolve(false))
  })
}

async function main() {
  if (!fs.existsSync(path.join(ELECTRON_DIR, 'package.json'))) return 0
  if (zipAt >= 0) {
    const file = args[zipAt + 1]
    if (!file || !fs.existsSync(file)) {
      say(`No such file: ${file ?? '(missing)'}\n${howToOffline()}`)
      return 1
    }
    await fromZip(file)
  } else {
    if (postinstall && (process.env.CI || process.env.ELECTRON_SKIP_BINARY_DOWNLOAD)) return 0
    if (electronStatus({ DISPLAY: ':0' }).ok) return 0
    say(`Downloading Electron ${electronVersion()}'s runtime…`)
    if (!(await download(postinstall ? 30_000 : 300_000))) {
      say(howToOffline())
      return postinstall ? 0 : 1
    }
  }
  const status = electronStatus({ DISPLAY: ':0' })
  say(status.ok ? `Electron is installed: ${status.executable}` : `Electron is still not usable: ${status.reason}`)
  return status.ok || postinstall ? 0 : 1
}

main().then(
  (code) => process.exit(code),
  (err) => {
    say(`install-electron: ${err instanceof Error ? err.message : String(err)}`)
    process.exit(postinstall ? 0 : 1)
  },
)
