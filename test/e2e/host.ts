import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../..')
/** The run's build (global-setup.ts or npm test): web/index.mjs is the bundled host, renderer/ what it serves. */
const buildDir = () => process.env.CHATFLOW_E2E_BUILD ?? path.join(ROOT, 'out')
const STARTED = /Chatflow Studio is running at (http:\/\/\S+)/

/**
 * One browser host process (the bundled electron/web/index.ts), the way `npm start` runs it. Restart keeps the port
 * so an open page reconnects on its own, and keeps the data folder so what was saved must still be there.
 */
export class HostProcess {
  private child: ChildProcess | undefined
  private log = ''
  /** http://127.0.0.1:PORT, without the token. */
  url = ''
  port = 0
  /** The session token from the printed address (`/?token=…`), which the browser host requires. */
  token = ''

  constructor(
    readonly dataDir: string,
    private readonly env: NodeJS.ProcessEnv = {},
  ) {}

  /** Everything the host printed so far (stdout and stderr), for assertions and failure reports. */
  output(): string {
    return this.log
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null
  }

  async start(): Promise<void> {
    if (this.running) throw new Error('host already running')
    const child = spawn(
      process.execPath,
      [path.join(buildDir(), 'web/index.mjs'), '--port', String(this.port), '--data-dir', this.dataDir],
      {
        cwd: ROOT,
        // Any free webhook port: parallel hosts would otherwise race for the default 7373.
        env: {
          ...process.env,
          CHATFLOW_WEBHOOK_PORT: '0',
          CHATFLOW_RENDERER_DIR: path.join(buildDir(), 'renderer'),
          ...this.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    this.child = child
    child.once('exit', (code, signal) => (this.log += `\n[host exited: code ${code}, signal ${signal}]\n`))
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`host did not start in 30 s:\n${this.log}`)), 30_000)
      const onData = (chunk: Buffer) => {
        this.log += chunk.toString()
        const match = STARTED.exec(this.log)
        if (match?.[1]) {
          clearTimeout(timer)
          resolve(match[1])
        }
      }
      child.stdout!.on('data', onData)
      child.stderr!.on('data', (chunk: Buffer) => (this.log += chunk.toString()))
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`host exited with ${code} before starting:\n${this.log}`))
      })
    })
    const printed = new URL(url)
    this.url = printed.origin
    this.port = Number(printed.port)
    this.token = printed.searchParams.get('token') ?? ''
  }

  /** SIGTERM, as Ctrl+C would: the host closes the database cleanly before it exits. */
  async stop(): Promise<void> {
    const child = this.child
    if (!child || child.exitCode !== null) return
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
    await exited
    clearTimeout(timer)
    this.child = undefined
  }

  async restart(): Promise<void> {
    await this.stop()
    await this.start()
  }
}
