// Messages between the script pool (host) and a sandbox worker. Inputs travel as JSON text; outputs come back
// already parsed and checked by the worker (at most 64 levels deep, so cloning them cannot overflow a stack).
import type { Vars } from '../../../shared/engine/types'
import type { ScriptErrorCode } from '../../../shared/nodes/script/run-error'
import type { ScriptLimits } from './limits'

export interface WorkerData {
  /** QuickJS compiled once by the host; each script instantiates it afresh. */
  wasm: WebAssembly.Module
}

export interface RunJob {
  id: number
  code: string
  inputsJson: string
  timeoutMs: number
  limits: ScriptLimits
}

export interface FailureData {
  code: ScriptErrorCode
  message: string
  line: number | null
  column: number | null
  logs: string[]
}

/** What a worker posts: once `ready` when its code has loaded, then one result per job. */
export type FromWorker = { type: 'ready' } | ({ type: 'result' } & JobResult)

export type JobResult = { id: number; memoryBytes: number; broken: boolean } & (
  { ok: true; outputs: Vars; logs: string[] } | { ok: false; failure: FailureData }
)
