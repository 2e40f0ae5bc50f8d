#!/usr/bin/env node
// Installs Electron's runtime (the binary) into node_modules/electron, which `npm ci` leaves out on purpose
// (package.json allowScripts: electron false) so that installing never fails offline.
//   npm run install-electron                      download it (needs internet access to github.com)
//   npm run install-electron -- --zip FILE        use electron-vX.Y.Z-<platform>-<arch>.zip fetched elsewhere
//     [--sqlite FILE]                             and better-sqlite3's prebuilt .tar.gz for that Electron
// Both steps also put better-sqlite3 built for Electron's ABI beside node_modules (scripts/electron-sqlite.mjs).
//   (postinstall runs it with --postinstall: a download attempt that never fails the install)
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { ROOT } from './lib.mjs'
import { electronStatus, ELECTRON_DIR } from './electron-status.mjs'
import { ELECTRON_SQLITE_BINDING, sqliteForElectron, sqliteFromArchive, sqlitePrebuilt } from './electron-sqlite.mjs'
import { causeOf, classify, describeFailure, Explained, runCaptured } from './failure.mjs'

const args = process.argv.slice(2)
const postinstall = args.includes('--postinstall')
const zipAt = args.indexOf('--zip')
const sqliteAt = args.indexOf('--sqlite')
const say = (line) => process.stdout.write(`${line}\n`)

function electronVersion() {
  return JSON.parse(fs.readFileSync(path.join(ELECTRON_DIR, 'package.json'), 'utf8')).version
}

function platformPath() {
  if (process.platform === 'darwin') return 'Electron.app/Contents/MacOS/Electron'
  if (process.platform === 'win32') return 'electron.exe'
  return 'electron'
}

function howToOffline(why = '') {
  const v = electronVersion()
  const file = `electron-v${v}-${process.platform === 'win32' ? 'win32' : process.platform}-${process.arch}.zip`
  return [
    `Electron's runtime could not be downloaded${why ? `: ${why}` : ''}. The studio still works in your browser: npm start.`,
    'To get the desktop app on a machine without internet access:',
    `  1. elsewhere, download ${file}`,
    `     from https://github.com/electron/electron/releases/tag/v${v}`,
    `  2. copy it here and run: npm run install-electron -- --zip /path/to/${file}`,
  ].join('\n')
}

function howToOfflineSqlite(why = '') {
  const { file, url } = sqlitePrebuilt(electronVersion())
  return [
    `The database driver for Electron could not be built${why ? `: ${why}` : ''}. The studio still works in your browser: npm start.`,
    'Without internet access:',
    `  1. elsewhere, download ${file}`,
    `     from ${url}`,
    `  2. copy it here and run: npm run install-electron -- --sqlite /path/to/${file}`,
  ].join('\n')
}

async function fromZip(file) {
  const require = createRequire(path.join(ELECTRON_DIR, 'package.json'))
  const extract = require('extract-zip')
  const dist = path.join(ELECTRON_DIR, 'dist')
  fs.rmSync(dist, { recursive: true, force: true })
  try {
    await extract(path.resolve(file), { dir: dist })
  } catch (err) {
    fs.rmSync(dist, { recursive: true, force: true })
    throw new Explained(`${file} is not a zip archive that can be read (${err instanceof Error ? err.message : err}).`)
  }
  if (!fs.existsSync(path.join(dist, platformPath()))) {
    fs.rmSync(dist, { recursive: true, force: true })
    throw new Explained(
      `${file} holds no ${platformPath()}: it must be Electron's release zip for ${process.platform}-${process.arch}.`,
    )
  }
  fs.writeFileSync(path.join(ELECTRON_DIR, 'path.txt'), platformPath())
}

/** After the runtime: better-sqlite3 for Electron's ABI, from --sqlite FILE or built online. */
async function ensureSqlite() {
  if (sqliteAt >= 0) {
    const file = args[sqliteAt + 1]
    if (!file || !fs.existsSync(file)) {
      say(`No such file: ${file ?? '(missing)'}\n${howToOfflineSqlite()}`)
      return false
    }
    await sqliteFromArchive(file)
  } else if (!fs.existsSync(ELECTRON_SQLITE_BINDING)) {
    say(`Building the database driver (better-sqlite3) for Electron ${electronVersion()}…`)
    const built = await sqliteForElectron(electronVersion(), postinstall ? 60_000 : 600_000)
    if (!built.ok) {
      // Foreseen (offline, no toolchain): one paragraph. Anything else: what the tools printed, then the way out.
      if (built.unexpected) say(built.unexpected.trimEnd())
      say(howToOfflineSqlite(built.why))
      return false
    }
  }
  say(`The database driver for Electron is in place: ${ELECTRON_SQLITE_BINDING}`)
  return true
}

/** Electron's own installer (@electron/get), its output captured: offline it prints got's RequestError with a dozen
 *  lines of stack, which says nothing a user can act on. Resolves to true, or false after saying why. */
async function download(timeoutMs) {
  const env = { ...process.env }
  delete env.ELECTRON_SKIP_BINARY_DOWNLOAD
  const run = await runCaptured(process.execPath, [path.join(ELECTRON_DIR, 'install.js')], {
    cwd: ROOT,
    env,
    timeoutMs,
  })
  if (run.ok) return true
  const known = classify(run)
  if (known) say(howToOffline(causeOf(known)))
  else say(`${run.output.trimEnd()}\n${howToOffline('the installer failed (its output is above)')}`)
  return false
}

async function main() {
  if (!fs.existsSync(path.join(ELECTRON_DIR, 'package.json'))) return 0
  if (sqliteAt >= 0 && zipAt < 0 && electronStatus({ DISPLAY: ':0' }).runtime) {
    return (await ensureSqlite()) ? 0 : 1
  }
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
    if (!electronStatus({ DISPLAY: ':0' }).runtime) {
      say(`Downloading Electron ${electronVersion()}'s runtime…`)
      if (!(await download(postinstall ? 30_000 : 300_000))) return postinstall ? 0 : 1
    }
  }
  const status = electronStatus({ DISPLAY: ':0' })
  if (status.ok || status.runtime) say(`Electron is installed: ${status.executable}`)
  else say(`Electron is still not usable: ${status.reason}`)
  const driver = status.runtime ? await ensureSqlite() : false
  return (status.runtime && driver) || postinstall ? 0 : 1
}

main().then(
  (code) => process.exit(code),
  (err) => {
    // A foreseen failure is its message; a bug in this script keeps its stack, to be reported.
    say(`install-electron: ${describeFailure(err)}`)
    process.exit(postinstall ? 0 : 1)
  },
)
