import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { platformDataDir } from '../services/data-dir'
import { DesktopArgsError, desktopDataDir, electronSqliteBinding } from './args'

describe('the desktop app’s data folder', () => {
  const electronArgv = ['/opt/electron/electron', '/home/ann/chatflow']

  it('reads --data-dir DIR and --data-dir=DIR among Electron’s own arguments', () => {
    expect(desktopDataDir([...electronArgv, '--data-dir', '/srv/flows'], {})).toBe('/srv/flows')
    expect(desktopDataDir([...electronArgv, '--enable-logging', '--data-dir=/srv/x'], {})).toBe('/srv/x')
    expect(desktopDataDir([...electronArgv, '--data-dir', 'rel'], {})).toBe(path.resolve('rel'))
  })

  it('falls back to CHATFLOW_DATA_DIR, then to the platform folder', () => {
    expect(desktopDataDir(electronArgv, { CHATFLOW_DATA_DIR: '/env/dir' })).toBe('/env/dir')
    expect(desktopDataDir([...electronArgv, '--data-dir', '/flag'], { CHATFLOW_DATA_DIR: '/env/dir' })).toBe('/flag')
    const env = { XDG_CONFIG_HOME: '/home/ann/.config' }
    expect(desktopDataDir(electronArgv, env)).toBe(platformDataDir(env))
  })

  it.each([[['--data-dir']], [['--data-dir', '--enable-logging']], [['--data-dir=']]])('refuses %j', (extra) => {
    expect(() => desktopDataDir([...electronArgv, ...extra], {})).toThrow(DesktopArgsError)
  })
})

describe('the database driver of a desktop app started from a checkout', () => {
  it('is Electron’s own copy beside node_modules, and none once packaged', () => {
    expect(electronSqliteBinding('/home/ann/chatflow', false)).toBe(
      path.join('/home/ann/chatflow', 'node_modules', '.chatflow-electron', 'better_sqlite3.node'),
    )
    expect(electronSqliteBinding('/opt/Chatflow Studio/resources/app.asar', true)).toBeUndefined()
  })
})
