// Test helper: a stand-in for a sandbox worker thread, so the pool's waiting line can be driven on a fake clock.
// It speaks the pool's protocol (protocol.ts): `ready` once started, then one result per job. A job whose code is
// `for (;;) {}` never answers, like an endless loop the pool must stop from outside; any other answers at once.
import { EventEmitter } from 'node:events'
import type { Worker } from 'node:worker_threads'
import type { FromWorker, RunJob } from '../protocol'

export const ENDLESS = 'for (;;) {}'

export interface FakeWorkers {
  start: () => Worker
  /** The code of every job, in the order the pool handed them to a worker. */
  started: string[]
}

export function fakeWorkers(): FakeWorkers {
  const started: string[] = []
  const start = () => {
    const worker = new EventEmitter() as EventEmitter & {
      postMessage(job: RunJob): void
      terminate(): Promise<number>
      unref(): void
    }
    const send = (m: FromWorker) => queueMicrotask(() => worker.emit('message', m))
    worker.postMessage = (job) => {
      started.push(job.code)
      if (job.code !== ENDLESS)
        send({
          type: 'result',
          id: job.id,
          ok: true,
          outputs: { code: job.code },
          logs: [],
          memoryBytes: 0,
          broken: false,
        })
    }
    worker.terminate = async () => 1
    worker.unref = () => {}
    send({ type: 'ready' })
    return worker as unknown as Worker
  }
  return { start, started }
}
