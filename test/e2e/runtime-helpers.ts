import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

// `chatflow serve` started by an end-to-end test on 127.0.0.1 with the publish API on, in a temporary data folder.

export const RUNTIME_KEY = 'pk_e2e_0123456789abcdef'

export async function startRuntime(): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-e2e-publish-'))
  const child = spawn(process.execPath, ['--import', 'tsx', 'electron/cli/index.ts', 'serve', '--data-dir', dir, '--port', '0'], {
    env: { ...process.env, CHATFLOW_PUBLISH_KEY: RUNTIME_KEY, CHATFLOW_PUBLISH_PORT: '0', CHATFLOW_WEBHOOK_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
    }
    fs.rmSync(dir, { recursive: true, force: true })
  }
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = ''
      child.stdout!.on('data', (c: Buffer) => {
        out += c.toString()
        const m = /Publish API: (\S+)/.exec(out)
        if (m) resolve(m[1]!)
      })
      child.stderr!.on('data', (c: Buffer) => (out += c.toString()))
      child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)))
    })
    return { url, stop }
  } catch (err) {
    await stop()
    throw err
  }
}
