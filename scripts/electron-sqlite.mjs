// better-sqlite3 built for Electron's ABI, for the desktop app started from this checkout. node_modules keeps the
// build for Node (the CLI, the browser host and the tests load it); Electron loads this second copy instead
// (electron/main/args.ts, ELECTRON_SQLITE_BINDING: keep the two paths in step). Packaged apps need neither:
// electron-builder rebuilds better-sqlite3 for Electron.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { causeOf, classify, Explained, runCaptured } from './failure.mjs'
import { ROOT } from './lib.mjs'

export const ELECTRON_SQLITE_BINDING = path.join(ROOT, 'node_modules', '.chatflow-electron', 'better_sqlite3.node')
const SQLITE_DIR = path.join(ROOT, 'node_modules', 'better-sqlite3')
const require = createRequire(path.join(ROOT, 'package.json'))

const sqliteVersion = () => JSON.parse(fs.readFileSync(path.join(SQLITE_DIR, 'package.json'), 'utf8')).version

/** The prebuilt archive better-sqlite3 publishes for this Electron, and where, for a user without internet. */
export function sqlitePrebuilt(electronVersion, platform = process.platform, arch = process.arch) {
  const abi = require('node-abi').getAbi(electronVersion, 'electron')
  const v = sqliteVersion()
  const file = `better-sqlite3-v${v}-electron-v${abi}-${platform}-${arch}.tar.gz`
  return { file, url: `https://github.com/WiseLibs/better-sqlite3/releases/download/v${v}/${file}` }
}

function place(built) {
  if (!fs.existsSync(built)) return false
  fs.mkdirSync(path.dirname(ELECTRON_SQLITE_BINDING), { recursive: true })
  fs.copyFileSync(built, ELECTRON_SQLITE_BINDING)
  return true
}

/** From a prebuilt archive carried over by hand: it holds build/Release/better_sqlite3.node. */
export async function sqliteFromArchive(file) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-sqlite-'))
  try {
    const untar = await runCaptured('tar', ['-xzf', path.resolve(file), '-C', work], { cwd: ROOT, timeoutMs: 60_000 })
    if (!untar.ok) {
      throw new Explained(`${file} is not a .tar.gz archive that tar can read.`)
    }
    if (!place(path.join(work, 'build', 'Release', 'better_sqlite3.node'))) {
      throw new Explained(
        `${file} does not hold build/Release/better_sqlite3.node; is it a better-sqlite3 prebuilt archive?`,
      )
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
  }
}

/**
 * Online: the prebuilt binary for this Electron, or else a build from source against Electron's headers. Both tools'
 * output is captured: resolves to { ok: true }, or { ok: false, why } when each failed in a foreseen way (offline, no
 * C++ toolchain: failure.mjs), or { ok: false, why, unexpected } with the output of a failure nobody foresaw.
 */
export async function sqliteForElectron(electronVersion, timeoutMs) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-sqlite-'))
  try {
    // A private copy, so node_modules' Node build stays as it is whatever happens.
    fs.cpSync(SQLITE_DIR, work, { recursive: true, filter: (src) => !src.includes(`${path.sep}build${path.sep}`) })
    const built = path.join(work, 'build', 'Release', 'better_sqlite3.node')
    const target = ['--runtime', 'electron', '--target', electronVersion, '--arch', process.arch]
    const options = { cwd: work, env: process.env, timeoutMs }
    const prebuilt = await runCaptured(
      process.execPath,
      [require.resolve('prebuild-install/bin.js'), ...target],
      options,
    )
    if (prebuilt.ok && place(built)) return { ok: true }
    const gyp = [
      'rebuild',
      '--release',
      `--target=${electronVersion}`,
      `--arch=${process.arch}`,
      '--dist-url=https://electronjs.org/headers',
    ]
    const compiled = await runCaptured(process.execPath, [require.resolve('node-gyp/bin/node-gyp.js'), ...gyp], options)
    if (compiled.ok && place(built)) return { ok: true }
    const first = classify(prebuilt)
    const second = classify(compiled)
    const why = `no prebuilt driver (${first ? causeOf(first) : 'the download failed'}) and building it failed (${second ? causeOf(second) : 'see the output above'})`
    const unexpected = [!first && prebuilt.output, !second && compiled.output].filter(Boolean).join('\n')
    return { ok: false, why, ...(unexpected ? { unexpected } : {}) }
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
  }
}
