import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { platformDataDir } from '../services/data-dir'
import { ArgsError, parseArgs } from './args'

describe('browser host arguments', () => {
  it('defaults to any free port and the platform data folder', () => {
    const env = { XDG_CONFIG_HOME: '/home/ann/.config' }
    expect(parseArgs([], env)).toEqual({ port: 0, dataDir: platformDataDir(env), help: false, newToken: false })
  })

  it('takes --new-token (issue 39: the session token rotates on demand)', () => {
    expect(parseArgs(['--new-token'], {}).newToken).toBe(true)
    expect(() => parseArgs(['--new-token=yes'], {})).toThrow(ArgsError)
  })

  it('takes --data-dir over CHATFLOW_DATA_DIR over the platform folder, and resolves it', () => {
    expect(parseArgs([], { CHATFLOW_DATA_DIR: 'from-env' }).dataDir).toBe(path.resolve('from-env'))
    expect(parseArgs(['--data-dir', 'flag'], { CHATFLOW_DATA_DIR: 'env' }).dataDir).toBe(path.resolve('flag'))
    expect(parseArgs(['--data-dir=/x/y'], {}).dataDir).toBe('/x/y')
  })

  it('reads --port and CHATFLOW_PORT', () => {
    expect(parseArgs(['--port', '8080'], {}).port).toBe(8080)
    expect(parseArgs(['--port=0'], {}).port).toBe(0)
    expect(parseArgs([], { CHATFLOW_PORT: '5190' }).port).toBe(5190)
  })

  it.each([[['--port', 'abc']], [['--port', '70000']], [['--port']], [['--data-dir']], [['--verbose']]])(
    'refuses %j with a message',
    (argv) => {
      expect(() => parseArgs(argv, {})).toThrow(ArgsError)
    },
  )

  it('uses the folder Electron would use as userData on each platform', () => {
    expect(platformDataDir({ XDG_CONFIG_HOME: '/c' }, 'linux')).toBe(path.join('/c', 'Chatflow Studio'))
    expect(platformDataDir({ APPDATA: 'C:/Users/a/AppData/Roaming' }, 'win32')).toBe(
      path.join('C:/Users/a/AppData/Roaming', 'Chatflow Studio'),
    )
    expect(platformDataDir({}, 'darwin')).toMatch(/Library[\\/]Application Support[\\/]Chatflow Studio$/)
  })
})
