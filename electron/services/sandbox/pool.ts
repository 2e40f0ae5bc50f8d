// The one script interpreter of the process: a small pool of worker threads that the studio's Script Test, the
// emulator, `chatflow run/test` and `chatflow serve` all share. The host enforces each script's deadline from
// outside (a loop inside a QuickJS built-in never reaches the interpreter's own interrupt check): past it, the
// worker is terminated and replaced, and the script fails with script_timeout; a worker that runs out of its own
// heap fails it with script_memory. The main thread never runs user code, so every other flow keeps being served
// and a SIGTERM is handled at once. Workers are replaced after a script that grew their memory, so it is returned.
// Scripts waiting for a worker take turns by key (the contact of the run, fair-queue.ts), so one contact's backlog
// holds another's script at most one script's time limit.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import type { Worker, WorkerOptions } from 'node:worker_threads'
import type { Vars } from '../../../shared/engine/types'
import { clampScriptTimeout } from '../../../shared/nodes/script/limits'
import { ScriptError } from '../../../shared/nodes/script/run-error'
import { POOL, poolSize, WORKER_RESOURCE_LIMITS, type ScriptLimits } from './limits'
import type { FailureData, FromWorker, JobResult, RunJob, WorkerData } from './protocol'
import { FairQueue } from './fair-queue'
import { startWorker } from './worker-entry'

interface Pending {
  key: string
  job: RunJob
  resolve(value: { outputs: Vars; logs: string[] }): void
  reject(err: ScriptError): void
  waiting?: NodeJS.Timeout
}

interface Slot {
  worker: Worker
  state: 'starting' | 'idle' | 'busy'
  current: Pending | null
  runs: number
  deadline?: NodeJS.Timeout
  idle?: NodeJS.Timeout
}

export interface PoolStats {
  workers: number
  busy: number
  queued: number
  /** Workers started, and stopped from outside at a deadline, since the pool was made. */
  started: number
  killed: number
}

const fail = (code: FailureData['code'], message: string, logs: string[] = []) =>
  new ScriptError(code, message, null, null, logs)

export class ScriptPool {
  private readonly slots = new Set<Slot>()
  private readonly queue = new FairQueue<Pending>()
  private wasm: Promise<WebAssembly.Module> | null = null
  private nextId = 1
  private closed = false
  private started = 0
  private killed = 0
  /** Why the last worker could not start, while none has started since: queued scripts fail with it. */
  private startError: string | null = null

  /** `start` starts a worker: tests give a stand-in to drive the pool's line on a fake clock. */
  constructor(
    private readonly size: number = poolSize(),
    private readonly start: (options: WorkerOptions) => Worker = startWorker,
  ) {}

  /** `key` names whose script it is (the run's contact): scripts of different keys take turns for the workers. */
  async run(
    code: string,
    inputs: Vars,
    timeoutMs: number,
    limits: ScriptLimits,
    key = '',
  ): Promise<{ outputs: Vars; logs: string[] }> {
    if (this.closed)
      throw fail('script_error', 'The script sandbox has stopped (the studio or server is shutting down).')
    const wasm = await this.compiled()
    const job: RunJob = {
      id: this.nextId++,
      code,
      inputsJson: JSON.stringify(inputs),
      timeoutMs: clampScriptTimeout(timeoutMs),
      limits,
    }
    return new Promise((resolve, reject) => {
      const pending: Pending = { key, job, resolve, reject }
      pending.waiting = setTimeout(() => {
        this.queue.remove(key, pending)
        reject(
          fail(
            'script_timeout',
            `The script could not start within ${POOL.queueWaitMs / 1000} s: every sandbox was busy with other scripts.`,
          ),
        )
      }, POOL.queueWaitMs)
      this.queue.push(key, pending)
      this.pump(wasm)
    })
  }

  stats(): PoolStats {
    const busy = [...this.slots].filter((s) => s.state === 'busy').length
    return { workers: this.slots.size, busy, queued: this.queue.size, started: this.started, killed: this.killed }
  }

  /** Stops every worker; scripts running or waiting fail at once. */
  async close(): Promise<void> {
    this.closed = true
    const stopping = fail('script_error', 'The script sandbox has stopped (the studio or server is shutting down).')
    for (const p of this.queue.drain()) this.settle(p, stopping)
    await Promise.all([...this.slots].map((s) => this.retire(s, stopping)))
  }

  private compiled(): Promise<WebAssembly.Module> {
    // Compiled once per process (the slow part); every worker and every script instantiates it afresh.
    this.wasm ??= (async () => WebAssembly.compile(await fs.promises.readFile(quickjsWasmFile())))()
    return this.wasm
  }

  private pump(wasm: WebAssembly.Module): void {
    while (this.queue.size) {
      const idle = [...this.slots].find((s) => s.state === 'idle')
      if (idle) {
        this.dispatch(
          idle,
          this.queue.shift((key) => this.runningFor(key))!,
        )
        continue
      }
      const starting = [...this.slots].filter((s) => s.state === 'starting').length
      if (this.slots.size < this.size && starting < this.queue.size) this.spawn(wasm)
      else break
    }
  }

  private runningFor(key: string): number {
    let n = 0
    for (const s of this.slots) if (s.current?.key === key) n++
    return n
  }

  private spawn(wasm: WebAssembly.Module): void {
    const worker = this.start({ workerData: { wasm } satisfies WorkerData, resourceLimits: WORKER_RESOURCE_LIMITS })
    this.started++
    const slot: Slot = { worker, state: 'starting', current: null, runs: 0 }
    this.slots.add(slot)
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'ready') {
        this.startError = null
        slot.state = 'idle'
        this.afterRun(slot, wasm)
      } else this.finish(slot, message, wasm)
    })
    worker.on('error', (err: Error & { code?: string }) => {
      const outOfMemory = err.code === 'ERR_WORKER_OUT_OF_MEMORY'
      if (slot.state === 'starting') this.startError = err.message
      const reason = outOfMemory
        ? fail('script_memory', 'The script used more memory than its limit allows and was stopped.')
        : fail('script_error', `The script sandbox failed and was reset: ${err.message}`)
      void this.retire(slot, reason).then(() => this.afterFailure(wasm))
    })
    worker.on('exit', () => {
      if (!this.slots.has(slot)) return
      void this.retire(slot, fail('script_error', 'The script sandbox stopped unexpectedly and was reset.')).then(() =>
        this.afterFailure(wasm),
      )
    })
    // An idle worker must not keep a finished `chatflow test` or `run` alive; a running script's deadline timer does.
    // After the listeners: adding a 'message' listener refs the worker's port again, and the process then waited for
    // the idle timeout (30 s) before exiting.
    worker.unref()
  }

  private dispatch(slot: Slot, pending: Pending): void {
    clearTimeout(pending.waiting)
    clearTimeout(slot.idle)
    slot.state = 'busy'
    slot.current = pending
    const { timeoutMs } = pending.job
    slot.deadline = setTimeout(() => {
      this.killed++
      void this.retire(
        slot,
        fail(
          'script_timeout',
          `The script ran longer than its ${timeoutMs} ms limit and was stopped (an endless loop?).`,
        ),
      ).then(() => this.afterFailure(null))
    }, timeoutMs + POOL.graceMs)
    slot.worker.postMessage(pending.job)
  }

  private finish(slot: Slot, result: { type: 'result' } & JobResult, wasm: WebAssembly.Module): void {
    const pending = slot.current
    if (!pending || pending.job.id !== result.id) return
    clearTimeout(slot.deadline)
    slot.current = null
    slot.state = 'idle'
    slot.runs++
    if (result.ok) pending.resolve({ outputs: result.outputs, logs: result.logs })
    else
      pending.reject(
        new ScriptError(
          result.failure.code,
          result.failure.message,
          result.failure.line,
          result.failure.column,
          result.failure.logs,
        ),
      )
    // A script that grew the WebAssembly memory leaves it allocated until the instance is collected; replacing the
    // worker returns it to the system now. So does a module that failed inside, or a long-serving worker.
    if (result.broken || result.memoryBytes > POOL.recycleAboveBytes || slot.runs >= POOL.maxRunsPerWorker)
      void this.retire(slot, null)
    this.afterRun(slot, wasm)
  }

  private afterRun(slot: Slot, wasm: WebAssembly.Module): void {
    if (this.slots.has(slot) && slot.state === 'idle') {
      clearTimeout(slot.idle)
      slot.idle = setTimeout(() => void this.retire(slot, null), POOL.idleMs).unref()
    }
    this.pump(wasm)
  }

  private afterFailure(wasm: WebAssembly.Module | null): void {
    if (this.closed) return
    // Nothing can start a worker (the last start failed and none runs): queued scripts fail instead of waiting.
    if (this.startError && this.slots.size === 0) {
      const reason = fail('script_error', `The script sandbox could not start: ${this.startError}`)
      for (const p of this.queue.drain()) this.settle(p, reason)
      return
    }
    if (this.queue.size) void (wasm ? Promise.resolve(wasm) : this.compiled()).then((w) => this.pump(w))
  }

  private async retire(slot: Slot, reason: ScriptError | null): Promise<void> {
    if (!this.slots.delete(slot)) return
    clearTimeout(slot.deadline)
    clearTimeout(slot.idle)
    if (slot.current && reason) this.settle(slot.current, reason)
    slot.current = null
    await slot.worker.terminate().catch(() => undefined)
  }

  private settle(p: Pending, err: ScriptError): void {
    clearTimeout(p.waiting)
    p.reject(err)
  }
}

/** Beside a server bundle (scripts/build-server.mjs copies it there), else QuickJS's own package. */
function quickjsWasmFile(): string {
  const beside = fileURLToPath(new URL('./emscripten-module.wasm', import.meta.url))
  return fs.existsSync(beside)
    ? beside
    : createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm')
}

let shared: ScriptPool | null = null

/** The process's one pool, made on first use. */
export function scriptPool(): ScriptPool {
  shared ??= new ScriptPool()
  return shared
}

/** Stops the process's pool (a server shutting down); the next script makes a new one. */
export async function closeScriptPool(): Promise<void> {
  const pool = shared
  shared = null
  await pool?.close()
}
