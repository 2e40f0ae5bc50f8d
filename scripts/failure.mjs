// Expected failures of the install and start steps, said as one paragraph of what it means and what to do, without
// a stack trace; anything unexpected keeps its trace (issue 41: the install printed got's 12-line RequestError
// before the friendly explanation). Used by install-electron.mjs, electron-sqlite.mjs, start.mjs and test-all.mjs;
// the rules are tested in test/unit/install-failure.test.ts.
import { spawn } from 'node:child_process'
import fs from 'node:fs'

/** A failure we foresaw: its message is the whole story, said to the user as is. */
export class Explained extends Error {}

/** What a script prints for an error that stopped it: an Explained one as its message, anything else with its stack. */
export function describeFailure(err) {
  if (err instanceof Explained) return err.message
  if (err instanceof Error) return err.stack ?? `${err.name}: ${err.message}`
  return String(err)
}

/**
 * Runs a command with its output captured, not shown (a download's or a compiler's failure is read and explained);
 * resolves to { ok, output, timedOut }, never rejects. `onLine`, if given, sees each line as it comes (progress).
 */
export function runCaptured(command, args, { cwd, env, timeoutMs }) {
  return new Promise((resolve) => {
    let output = ''
    let timedOut = false
    let child
    try {
      child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    } catch (err) {
      resolve({ ok: false, output: String(err), timedOut })
      return
    }
    const keep = (chunk) => (output = (output + chunk).slice(-200_000))
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    const timer = setTimeout(() => {
      timedOut = true
      child.kill('SIGKILL')
    }, timeoutMs)
    child.once('error', (err) => {
      clearTimeout(timer)
      resolve({ ok: false, output: output + String(err), timedOut })
    })
    child.once('close', (code) => {
      clearTimeout(timer)
      resolve({ ok: code === 0 && !timedOut, output, timedOut })
    })
  })
}

const NETWORK =
  /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|ENETDOWN|EPROTO|UNABLE_TO_GET_ISSUER_CERT_LOCALLY|SELF_SIGNED_CERT_IN_CHAIN|CERT_HAS_EXPIRED|DEPTH_ZERO_SELF_SIGNED_CERT)\b/
const NETWORK_WORDS = /getaddrinfo|socket hang up/
const NOT_PUBLISHED = /\b404\b|Response code 40[34]|No prebuilt binaries found/i
const NO_TOOLCHAIN = [
  /not found: (make|g\+\+|gcc|cc|c\+\+)\b/i,
  /\b(make|g\+\+|gcc|cc|c\+\+): (command )?not found/i,
  /spawn (make|g\+\+|gcc|cc|c\+\+) ENOENT/i,
  /find Python|Could not find any Python/i,
  /No Xcode or CLT version detected|xcode-select/i,
  /Could not find any Visual Studio installation/i,
  /You need to install the latest version of Visual Studio/i,
]

/**
 * What a failed download or build's output means, when it is something we foresaw: { kind, detail } with kind
 * 'offline' (the server could not be reached), 'timeout', 'not-published' (no such file on the server) or
 * 'no-toolchain' (no C++ compiler, make or Python for node-gyp); null for anything else.
 */
export function classify({ output, timedOut }) {
  if (timedOut) return { kind: 'timeout', detail: 'it took too long and was stopped' }
  const net = NETWORK.exec(output) ?? NETWORK_WORDS.exec(output)
  if (net) return { kind: 'offline', detail: net[0] }
  const tool = NO_TOOLCHAIN.map((re) => re.exec(output)).find(Boolean)
  if (tool) return { kind: 'no-toolchain', detail: tool[0] }
  const missing = NOT_PUBLISHED.exec(output)
  if (missing) return { kind: 'not-published', detail: missing[0] }
  return null
}

/** A cause in words, for the first sentence of a paragraph. */
export function causeOf({ kind, detail }) {
  if (kind === 'offline') return `the download server could not be reached (${detail}): this machine looks offline`
  if (kind === 'timeout') return 'the download took too long and was stopped'
  if (kind === 'not-published') return `the file is not on the download server (${detail})`
  return `there is no C++ build toolchain here (${detail})`
}

/** Whether Chromium can be started for the end-to-end tests and the screenshots: CHROMIUM_PATH, Debian's, or
 *  Playwright's own download. Returns its path (undefined for Playwright's), or throws Explained. */
export function chromiumFor(purpose, playwrightPath) {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean)
  const found = candidates.find((p) => fs.existsSync(p))
  if (found) return found
  if (playwrightPath && fs.existsSync(playwrightPath)) return undefined
  throw new Explained(
    `There is no Chromium to run ${purpose} in: neither CHROMIUM_PATH, /usr/bin/chromium nor Playwright's own ` +
      'browser is installed. Install one (Debian and Ubuntu: sudo apt install chromium; elsewhere, with internet ' +
      'access: npx playwright install chromium) or point CHROMIUM_PATH at a Chromium or Chrome executable, then ' +
      'run this again. The studio itself does not need it.',
  )
}
