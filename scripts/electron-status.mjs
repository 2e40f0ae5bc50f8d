// Is Electron's runtime (the binary, not just its npm package) installed, and could it open a window here?
import fs from 'node:fs'
import path from 'node:path'
import { ELECTRON_SQLITE_BINDING } from './electron-sqlite.mjs'
import { ROOT } from './lib.mjs'

export const ELECTRON_DIR = path.join(ROOT, 'node_modules', 'electron')

/** { ok: true, executable } or { ok: false, reason } in words a user can act on; `runtime` says whether Electron's
 *  binary itself is there (the database driver for it may still be missing). */
export function electronStatus(env = process.env) {
  if (!fs.existsSync(path.join(ELECTRON_DIR, 'package.json'))) {
    return { ok: false, reason: 'the electron package is not installed (run npm ci)' }
  }
  const pathFile = path.join(ELECTRON_DIR, 'path.txt')
  const relative = fs.existsSync(pathFile) ? fs.readFileSync(pathFile, 'utf8').trim() : ''
  const executable = relative && path.join(ELECTRON_DIR, 'dist', relative)
  if (!executable || !fs.existsSync(executable)) {
    return {
      ok: false,
      reason:
        "Electron's runtime is not installed (its download is skipped on install, and this machine may be offline). " +
        'See "Desktop app: installing Electron" in README.md',
    }
  }
  if (!fs.existsSync(ELECTRON_SQLITE_BINDING)) {
    return {
      ok: false,
      runtime: true,
      executable,
      reason: 'the database driver (better-sqlite3) is not built for Electron yet. Run: npm run install-electron',
    }
  }
  if (process.platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) {
    return {
      ok: false,
      runtime: true,
      executable,
      reason: 'there is no display to open a window on (DISPLAY is not set)',
    }
  }
  return { ok: true, runtime: true, executable }
}
