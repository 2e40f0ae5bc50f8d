import path from 'node:path'
import { resolveDataDir } from '../services/data-dir'

export class DesktopArgsError extends Error {}

/**
 * The data folder the desktop app was asked for. Electron's argv also holds its executable, the app's path and
 * Chromium's own switches, so only --data-dir is read (as `--data-dir DIR` or `--data-dir=DIR`, the forms the README
 * and `npm start` pass on); then CHATFLOW_DATA_DIR; then the platform folder.
 */
export function desktopDataDir(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): string {
  let flag: string | undefined
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--data-dir') {
      flag = argv[++i]
      if (flag === undefined || flag === '' || flag.startsWith('--'))
        throw new DesktopArgsError('--data-dir needs a folder.')
    } else if (arg.startsWith('--data-dir=')) {
      flag = arg.slice('--data-dir='.length)
      if (flag === '') throw new DesktopArgsError('--data-dir needs a folder.')
    }
  }
  return resolveDataDir(flag, env)
}

/**
 * The better-sqlite3 binary built for Electron's ABI, for a desktop app started from a checkout (`npm start`):
 * node_modules holds the one built for Node (the CLI, the browser host and the tests need that one), so
 * `npm run install-electron` puts Electron's copy beside it. A packaged app has better-sqlite3 rebuilt for
 * Electron by electron-builder, so it needs none.
 */
export function electronSqliteBinding(appPath: string, isPackaged: boolean): string | undefined {
  return isPackaged ? undefined : path.join(appPath, ELECTRON_SQLITE_BINDING)
}

/** Relative to the project; scripts/install-electron.mjs writes it (keep the two in step). */
export const ELECTRON_SQLITE_BINDING = path.join('node_modules', '.chatflow-electron', 'better_sqlite3.node')
