// Issue 41: a failed install step says what it means and what to do in one paragraph, never a stack trace; what
// nobody foresaw keeps its trace. The offline download runs the real install script against a closed loopback
// port (ELECTRON_MIRROR), so it fails the same way on every machine, online or not.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
// @ts-expect-error a plain ES module without types; its functions are documented with JSDoc
import * as failure from '../../scripts/failure.mjs'

const { causeOf, classify, describeFailure, Explained } = failure
const ROOT = path.resolve(import.meta.dirname, '../..')
const temps: string[] = []
afterAll(() => temps.forEach((d) => fs.rmSync(d, { recursive: true, force: true })))

/** A loopback port nothing listens on: bound, then closed. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })

const STACK_LINE = /^\s+at .+[:(]/m

/** Is Electron's runtime already in this checkout? Then the script has nothing to download. */
const runtimeInstalled = () => {
  const file = path.join(ROOT, 'node_modules/electron/path.txt')
  return (
    fs.existsSync(file) &&
    fs.existsSync(path.join(ROOT, 'node_modules/electron/dist', fs.readFileSync(file, 'utf8').trim()))
  )
}

describe('npm run install-electron, offline', () => {
  it.skipIf(runtimeInstalled())(
    'says in one paragraph what to do, with no stack trace, and fails (postinstall: passes)',
    async () => {
      const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-electron-cache-'))
      temps.push(cache)
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        ELECTRON_MIRROR: `http://127.0.0.1:${await closedPort()}/`,
        electron_config_cache: cache,
      }
      delete env.ELECTRON_SKIP_BINARY_DOWNLOAD
      delete env.CI
      for (const [args, code] of [
        [[], 1],
        [['--postinstall'], 0],
      ] as const) {
        const r = spawnSync(process.execPath, ['scripts/install-electron.mjs', ...args], {
          cwd: ROOT,
          env,
          encoding: 'utf8',
          timeout: 60_000,
        })
        const out = r.stdout + r.stderr
        expect(r.status, out).toBe(code)
        expect(out).not.toMatch(STACK_LINE)
        expect(out).not.toContain('RequestError')
        expect(out).toContain(
          "Electron's runtime could not be downloaded: the download server could not be reached (ECONNREFUSED): this machine looks offline.",
        )
        expect(out).toMatch(/run: npm run install-electron -- --zip \/path\/to\/electron-v[\d.]+-\w+-\w+\.zip\n$/)
      }
    },
  )
})

describe('what a failed download or build means', () => {
  it.each([
    [
      'RequestError: getaddrinfo ENOTFOUND github.com\n    at ClientRequest.<anonymous> (got/index.js:970:111)',
      'offline',
      'ENOTFOUND',
    ],
    ['RequestError: connect ECONNREFUSED 127.0.0.1:9\n    at …', 'offline', 'ECONNREFUSED'],
    [
      'prebuild-install warn install unable to get local issuer certificate UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
      'offline',
      'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
    ],
    [
      'prebuild-install warn install No prebuilt binaries found (target=41.7.1 runtime=electron)',
      'not-published',
      'No prebuilt binaries found',
    ],
    ['gyp ERR! stack Error: not found: make\ngyp ERR! System Linux', 'no-toolchain', 'not found: make'],
    ['make: g++: No such file or directory\nmake: g++: command not found', 'no-toolchain', 'g++: command not found'],
    ['gyp ERR! find Python Python is not set from command line or npm configuration', 'no-toolchain', 'find Python'],
    [
      'gyp ERR! find VS could not find any Visual Studio installation to use',
      'no-toolchain',
      'could not find any Visual Studio installation',
    ],
    ['xcode-select: error: tool xcodebuild requires Xcode', 'no-toolchain', 'xcode-select'],
  ])('%s', (output, kind, detail) => {
    expect(classify({ output, timedOut: false })).toEqual({ kind, detail: expect.stringContaining(detail) })
  })

  it('a timeout is foreseen; anything else is not (its output is shown as it is)', () => {
    expect(classify({ output: '', timedOut: true })?.kind).toBe('timeout')
    expect(
      classify({ output: 'TypeError: Cannot read properties of undefined\n    at x.js:1:1', timedOut: false }),
    ).toBeNull()
  })

  it('says each cause in words', () => {
    expect(causeOf({ kind: 'offline', detail: 'ENOTFOUND' })).toBe(
      'the download server could not be reached (ENOTFOUND): this machine looks offline',
    )
    expect(causeOf({ kind: 'no-toolchain', detail: 'not found: make' })).toBe(
      'there is no C++ build toolchain here (not found: make)',
    )
  })

  it('a foreseen failure is its message; an unforeseen one keeps its stack', () => {
    expect(describeFailure(new Explained('x.zip is not a zip archive that can be read.'))).toBe(
      'x.zip is not a zip archive that can be read.',
    )
    const bug = new TypeError('boom')
    expect(describeFailure(bug)).toMatch(/^TypeError: boom\n\s+at /)
  })
})
