// A sandbox worker thread: runs one script at a time, each in a fresh QuickJS instance over a WebAssembly memory
// with a hard maximum, and reports how much memory it grew to so the pool can replace it and give that memory back.
// The pool stops this thread from outside when a script outlives its deadline (a loop inside a C built-in).
import { parentPort, workerData } from 'node:worker_threads'
import { newQuickJSWASMModuleFromVariant, newVariant } from 'quickjs-emscripten-core'
import variant from '@jitl/quickjs-wasmfile-release-sync'
import { ScriptError } from '../../../shared/nodes/script/run-error'
import { WASM_INITIAL_BYTES, wasmMaximumPages } from './limits'
import type { FailureData, FromWorker, JobResult, RunJob, WorkerData } from './protocol'
import { runScript } from './run-script'

const { wasm } = workerData as WorkerData
const port = parentPort!

async function run(job: RunJob): Promise<JobResult> {
  const maximum = wasmMaximumPages(job.limits)
  const memory = new WebAssembly.Memory({ initial: WASM_INITIAL_BYTES / 65536, maximum })
  // At the cap, QuickJS may not even manage to build its error: whatever failed, the memory ran out.
  const exhausted = () => memory.buffer.byteLength >= (maximum - 16) * 65536
  const base = { id: job.id, broken: false }
  try {
    const mod = await newQuickJSWASMModuleFromVariant(newVariant(variant, { wasmModule: wasm, wasmMemory: memory }))
    const { outputs, logs } = runScript(mod, job.code, job.inputsJson, job.timeoutMs, job.limits)
    return { ...base, memoryBytes: memory.buffer.byteLength, ok: true, outputs, logs }
  } catch (err) {
    const memoryBytes = memory.buffer.byteLength
    if (err instanceof ScriptError && err.code === 'script_error' && exhausted()) {
      const message = 'The script used more memory than its limit allows and was stopped.'
      return {
        ...base,
        memoryBytes,
        ok: false,
        failure: { code: 'script_memory', message, line: err.line, column: err.column, logs: err.logs },
      }
    }
    if (err instanceof ScriptError) {
      const { code, message, line, column, logs } = err
      return { ...base, memoryBytes, ok: false, failure: { code, message, line, column, logs } }
    }
    // The WebAssembly itself failed: QuickJS's C code ran out of the thread's stack (deep JSON.stringify, nested
    // arrays turned into text) or aborted. This worker is replaced; the script fails with the reason.
    const [code, message]: [FailureData['code'], string] = exhausted()
      ? ['script_memory', 'The script used more memory than its limit allows and was stopped.']
      : err instanceof RangeError
        ? ['script_stack', 'The script nested data or calls too deeply and was stopped.']
        : ['script_error', `The sandbox failed and was reset: ${err instanceof Error ? err.message : String(err)}`]
    return {
      ...base,
      broken: true,
      memoryBytes,
      ok: false,
      failure: { code, message, line: null, column: null, logs: [] },
    }
  }
}

port.on('message', (job: RunJob) => {
  void run(job).then((result) => port.postMessage({ type: 'result', ...result } satisfies FromWorker))
})
port.postMessage({ type: 'ready' } satisfies FromWorker)
