import os from 'node:os'
import path from 'node:path'

export const APP_NAME = 'Chatflow Studio'

/**
 * Where the studio keeps its data when nothing overrides it: the folder Electron uses as userData for an app named
 * "Chatflow Studio", so the desktop app and the browser host open the same flows.
 *   Linux:   $XDG_CONFIG_HOME/Chatflow Studio (default ~/.config/Chatflow Studio)
 *   macOS:   ~/Library/Application Support/Chatflow Studio
 *   Windows: %APPDATA%\Chatflow Studio
 */
export function platformDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  const home = os.homedir()
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), APP_NAME)
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', APP_NAME)
  return path.join(env.XDG_CONFIG_HOME || path.join(home, '.config'), APP_NAME)
}

/** --data-dir beats CHATFLOW_DATA_DIR beats the platform folder. */
export function resolveDataDir(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const chosen = flag ?? env.CHATFLOW_DATA_DIR
  return chosen ? path.resolve(chosen) : platformDataDir(env)
}
