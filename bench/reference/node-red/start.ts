// Node-RED as the webhook benchmark's outside reference (issue 40): the pinned dev dependency's own red.js in its own
// process, with a temporary user dir holding settings.cjs (beside this file) (no editor or admin API, no
// credential secret, quiet console, port 0) and flows.json, which does the work of bench/engine-flow.flow.json:
// HTTP In POST, the key check (a Switch against the environment's key), the body's validation and the contact (a
// Function), the condition on amount (a Switch), the text with the computed total (a Change with JSONata), the same
// JSON answer (a Function and HTTP Response). It persists nothing: the run, trace and message are not written
// anywhere. GET /bench/last-text answers the last text made, for the suite's check of the answers before timing.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))

export interface NodeRed {
  child: ChildProcess
  url: string
  version: string
  stop(): Promise<void>
}

/** node-red's red.js and version, or why it cannot run here. */
export function nodeRedEntry(): { script: string; version: string } | { missing: string } {
  try {
    const require = createRequire(import.meta.url)
    const pkg = require.resolve('node-red/package.json')
    const version = (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }).version
    return { script: path.join(path.dirname(pkg), 'red.js'), version }
  } catch {
    return { missing: 'node-red is not installed (a dev dependency: `npm ci` installs it)' }
  }
}

/** Starts Node-RED with the benchmark's flow; `key` is the x-api-key it accepts. Resolves once it listens. */
export async function startNodeRed(key: string, timeoutMs = 60_000): Promise<NodeRed> {
  const entry = nodeRedEntry()
  if ('missing' in entry) throw new Error(entry.missing)
  const userDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-bench-node-red-'))
  fs.copyFileSync(path.join(here, 'settings.cjs'), path.join(userDir, 'settings.js'))
  fs.copyFileSync(path.join(here, 'flows.json'), path.join(userDir, 'flows.json'))
  const child = spawn(
    process.execPath,
    [entry.script, '--userDir', userDir, '--settings', path.join(userDir, 'settings.js'), '--port', '0'],
    {
      cwd: userDir,
      env: { ...process.env, CHATFLOW_BENCH_KEY: key, NODE_RED_DISABLE_TELEMETRY: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let err = ''
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()))
  const exited = new Promise<void>((r) => (child.exitCode !== null ? r() : child.once('exit', () => r())))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
    fs.rmSync(userDir, { recursive: true, force: true })
  }
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Node-RED did not start in ${timeoutMs} ms: ${err}`)), timeoutMs)
      let out = ''
      child.stdout!.on('data', (c: Buffer) => {
        out += c.toString()
        const m = /^(http:\/\/\S+)$/m.exec(out)
        if (m) {
          clearTimeout(timer)
          resolve(m[1]!)
        }
      })
      void exited.then(() => {
        clearTimeout(timer)
        reject(new Error(`Node-RED exited before listening: ${err}`))
      })
    })
    return { child, url, version: entry.version, stop }
  } catch (e) {
    await stop()
    throw e
  }
}
