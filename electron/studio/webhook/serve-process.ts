// Test support: `chatflow serve` as a child process, for the fault test and the benchmark.
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

export interface ServeProcess {
  child: ChildProcess
  /** Base URL printed by serve, e.g. http://127.0.0.1:40611 */
  url: string
  /** Resolves with the exit code (or the signal name) once the process has ended. */
  exited: Promise<number | string>
}

export function startServe(dataDir: string, env: Record<string, string> = {}, timeoutMs = 40_000): Promise<ServeProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'electron/cli/index.ts'), 'serve', '--data-dir', dataDir, '--port', '0'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)))
  return new Promise((resolve, reject) => {
    let out = ''
    let err = ''
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`serve did not start in ${timeoutMs} ms: ${out}${err}`))
    }, timeoutMs)
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()))
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString()
      const m = /Webhook listener: (http:\/\/\S+?)\/chatbot-webhook/.exec(out)
      if (m) {
        clearTimeout(timer)
        resolve({ child, url: m[1]!, exited })
      }
    })
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`serve exited (${code}) before listening: ${out}${err}`))
    })
  })
}
