// `chatflow serve` as a child process, started from the build (dist/chatflow.mjs as `npm run build:server` makes it,
// server-build.ts) with plain node, as production runs it: for the tests, the end-to-end tests and the benchmarks.
// The one place that starts serve and knows its start-up lines, so a change to them is made once.
import { spawn, type ChildProcess } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { serverBuildDir } from './server-build'

export interface ServeChild {
  child: ChildProcess
  /** The publish API's base URL ('' when it is off). */
  api: string
  /** The webhook listener's base URL, which also serves the inbound endpoint and the channel's webhook. */
  hook: string
  /** Everything it printed so far (stdout and stderr), for a failure message or a check of the logs. */
  output(): string
  /** Sends `signal` (SIGTERM by default) and resolves with the exit code once it has exited (null: ended by a signal). */
  stop(signal?: NodeJS.Signals): Promise<number | null>
  /** Resolves with the exit code (or the signal's name) once the process has ended, however it ended. */
  exited: Promise<number | string>
}

export interface ServeOptions {
  /** The bundle to run (default: the tests' build). */
  bundle?: string
  /** Working folder (default: the system's temp folder, so nothing is found relative to the source tree). */
  cwd?: string
  timeoutMs?: number
  /** Run as this user and group (the process must be root to switch), as a container's non-root user would. */
  uid?: number
  gid?: number
}

/** Starts `node chatflow.mjs serve <args>` and resolves once it has printed its last start-up line. */
export function startServe(
  args: string[],
  env: Record<string, string> = {},
  opts: ServeOptions = {},
): Promise<ServeChild> {
  const bundle = opts.bundle ?? path.join(serverBuildDir(), 'chatflow.mjs')
  const child = spawn(process.execPath, [bundle, 'serve', ...args], {
    cwd: opts.cwd ?? os.tmpdir(),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(opts.uid !== undefined ? { uid: opts.uid, gid: opts.gid } : {}),
  })
  const exited = new Promise<number | string>((r) => child.once('exit', (code, signal) => r(code ?? signal ?? -1)))
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    const end = await exited
    return typeof end === 'number' ? end : null
  }
  let out = ''
  const timeoutMs = opts.timeoutMs ?? 40_000
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`serve did not start in ${timeoutMs} ms: ${out}`))
    }, timeoutMs)
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      const hook = /Webhook listener: (http:\/\/\S+?)\/chatbot-webhook/.exec(out)
      if (!hook || !out.includes('Log retention:')) return
      clearTimeout(timer)
      const api = /Publish API: (\S+)/.exec(out)
      resolve({ child, api: api?.[1] ?? '', hook: hook[1]!, output: () => out, stop, exited })
    })
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`serve exited (${code}) before listening: ${out}`))
    })
  })
}
