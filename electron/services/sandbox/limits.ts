// What one script may use. The QuickJS heap limit is the one a script normally meets (a clean "out of memory" at
// its line); the WebAssembly memory cap holds even where QuickJS's own accounting is bypassed (allocations made in
// its C built-ins reached 2 GB against a 32 MiB limit), and the worker's resource limits bound the JavaScript that
// carries inputs and outputs. docs/security.md lists them.
export interface ScriptLimits {
  /** QuickJS's heap limit. */
  memoryBytes: number
  /** QuickJS's stack limit. */
  stackBytes: number
  /** Largest JSON text of the returned object. */
  maxOutputChars: number
}

export const SCRIPT_LIMITS: ScriptLimits = {
  memoryBytes: 32 * 1024 * 1024,
  stackBytes: 256 * 1024,
  maxOutputChars: 1_000_000,
}

const MIB = 1024 * 1024
const PAGE = 64 * 1024

/** QuickJS's build starts with 16 MiB of WebAssembly memory (its stack and static data live there too). */
export const WASM_INITIAL_BYTES = 16 * MIB

/** The WebAssembly memory cap of one script: its heap limit plus room for the stack and QuickJS's own data. */
export const wasmMaximumPages = (l: ScriptLimits): number =>
  Math.ceil((Math.max(l.memoryBytes, 8 * MIB) + 32 * MIB) / PAGE)

/** Limits of each worker thread's own JavaScript heap (inputs and outputs cross it as JSON text). */
export const WORKER_RESOURCE_LIMITS = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 }

/** How the pool is sized and recycled. */
export const POOL = {
  /** Workers at most; CHATFLOW_SCRIPT_WORKERS changes it (1–16). Two, so one frozen script never holds up all. */
  defaultSize: 2,
  /** Added to a script's own time limit before the host stops its worker from outside. */
  graceMs: 500,
  /** A script that waits longer than this for a free worker fails as timed out. */
  queueWaitMs: 10_000,
  /** A worker whose last script grew the memory past this is replaced, so the memory goes back at once. */
  recycleAboveBytes: WASM_INITIAL_BYTES + 8 * MIB,
  /** Replaced after this many scripts anyway, so nothing can build up in one. */
  maxRunsPerWorker: 500,
  /** An idle worker is stopped after this long; the next script starts a new one. */
  idleMs: 30_000,
}

export function poolSize(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.CHATFLOW_SCRIPT_WORKERS)
  return Number.isInteger(n) && n >= 1 && n <= 16 ? n : POOL.defaultSize
}
