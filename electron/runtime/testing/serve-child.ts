// `chatflow serve` as a child process through tsx, for the tests, the end-to-end publish tests and the runtime
// bench: one place that knows its start-up lines, so a change to them is made once.
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

export interface ServeChild {
  child: ChildProcess
  /** The publish API's base URL ('' when it is off). */
  api: string
  /** The webhook listener's base URL, which also serves the inbound endpoint. */
  hook: string
  /** Everything it printed so far, for a failure message. */
  output(): string
  /** Sends `signal` (SIGTERM by default) and resolves with the exit code once it has exited (null: ended by a signal). */
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

/** Starts `chatflow serve <args>` and resolves once it has printed its last start-up line. */
export function startServe(args: string[], env: Record<string, string> = {}): Promise<ServeChild> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'electron/cli/index.ts'), 'serve', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
  const stop = (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    return exited
  }
  let out = ''
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      const hook = /Webhook listener: (http:\/\/\S+?)\/chatbot-webhook/.exec(out)
      if (!hook || !out.includes('Log retention:')) return
      const api = /Publish API: (\S+)/.exec(out)
      resolve({ child, api: api?.[1] ?? '', hook: hook[1]!, output: () => out, stop })
    })
    void exited.then((code) => reject(new Error(`serve exited ${code}: ${out}`)))
  })
}
