// The real script effect: the user's code runs in QuickJS compiled to WebAssembly, in a fresh runtime per call,
// with a deadline (interrupt handler), a heap limit and a stack limit. The sandbox holds only ECMAScript itself
// and a console that copies lines out as text: no require, process, filesystem, network or timers exist inside.
import {
  newQuickJSWASMModuleFromVariant,
  shouldInterruptAfterDeadline,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSWASMModule,
} from 'quickjs-emscripten-core'
import variant from '@jitl/quickjs-wasmfile-release-sync'
import type { ScriptEffect } from '../../../shared/engine/effects'
import type { Vars } from '../../../shared/engine/types'
import { ScriptError } from '../../../shared/nodes/script/run-error'
import { installConsole, type LogSink } from './script-console'
import { describeFailure } from './script-errors'

export interface ScriptLimits {
  memoryBytes: number
  stackBytes: number
  /** Largest JSON text of the returned object. */
  maxOutputChars: number
}

export const SCRIPT_LIMITS: ScriptLimits = { memoryBytes: 32 * 1024 * 1024, stackBytes: 256 * 1024, maxOutputChars: 1_000_000 }

/** The user's code becomes the body of `function (input)`; the prefix stays on line 1 so lines shift by exactly 1. */
const PREFIX = '(function (input) { "use strict";\n'
export const FILE_NAME = 'script.js'

let modulePromise: Promise<QuickJSWASMModule> | null = null
let current: QuickJSWASMModule | null = null
function quickjs(): Promise<QuickJSWASMModule> {
  modulePromise ??= newQuickJSWASMModuleFromVariant(variant).then((mod) => (current = mod))
  return modulePromise
}

function discardModule(mod: QuickJSWASMModule): void {
  if (current === mod) {
    current = null
    modulePromise = null
  }
}

export function createScriptEffect(limits: Partial<ScriptLimits> = {}): ScriptEffect {
  const l = { ...SCRIPT_LIMITS, ...limits }
  return {
    async run(code, inputs, opts) {
      const mod = await quickjs()
      try {
        return runScript(mod, code, inputs, opts.timeoutMs, l)
      } catch (err) {
        if (err instanceof ScriptError) throw err
        // The WebAssembly module itself failed: QuickJS's C code ran out of the host's stack (deep JSON.stringify,
        // nested arrays turned into text) or aborted. Its memory can no longer be trusted, so it is dropped and
        // the next script loads a fresh one; the studio itself is unaffected.
        discardModule(mod)
        if (err instanceof RangeError)
          throw new ScriptError('script_stack', 'The script nested data or calls too deeply and was stopped.', null, null, [])
        throw new ScriptError('script_error', `The sandbox failed and was reset: ${err instanceof Error ? err.message : String(err)}`, null, null, [])
      }
    },
  }
}

function runScript(mod: QuickJSWASMModule, code: string, inputs: Vars, timeoutMs: number, l: ScriptLimits): { outputs: Vars; logs: string[] } {
  const runtime = mod.newRuntime()
  runtime.setMemoryLimit(l.memoryBytes)
  runtime.setMaxStackSize(l.stackBytes)
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + timeoutMs))
  const vm = runtime.newContext()
  const logs: LogSink = []
  const fail = (handle: QuickJSHandle) => {
    const err = describeFailure(vm, handle, timeoutMs, logs)
    handle.dispose()
    return err
  }
  try {
    installConsole(vm, logs)
    const fn = vm.evalCode(PREFIX + code + '\n})', FILE_NAME)
    if (fn.error) throw fail(fn.error)
    const input = vm.evalCode(`(${JSON.stringify(inputs)})`, 'input.json')
    if (input.error) {
      fn.value.dispose()
      throw fail(input.error)
    }
    const called = vm.callFunction(fn.value, vm.undefined, input.value)
    fn.value.dispose()
    input.value.dispose()
    if (called.error) throw fail(called.error)
    const settled = settle(vm, called.value, fail, logs)
    const outputs = toOutputs(vm, settled, l.maxOutputChars, logs)
    return { outputs, logs }
  } finally {
    try {
      vm.dispose()
      runtime.dispose()
    } catch {
      // QuickJS asserts when a failed script left objects behind (seen after stack overflows); the module is
      // suspect from then on. The script's own error, if any, is still what the caller sees.
      discardModule(mod)
    }
  }
}

/** An async script returns a promise: run its jobs (still under the deadline) and take what it settled to. */
function settle(vm: QuickJSContext, value: QuickJSHandle, fail: (h: QuickJSHandle) => ScriptError, logs: LogSink): QuickJSHandle {
  const first = vm.getPromiseState(value)
  if (first.type === 'fulfilled' && first.notAPromise) return value
  if (first.type === 'fulfilled') first.value.dispose()
  if (first.type === 'rejected') first.error.dispose()
  const jobs = vm.runtime.executePendingJobs(10_000)
  if (jobs.error) {
    value.dispose()
    throw fail(jobs.error)
  }
  const state = vm.getPromiseState(value)
  value.dispose()
  if (state.type === 'fulfilled') return state.value
  if (state.type === 'rejected') throw fail(state.error)
  throw new ScriptError('script_error', 'The script returned a promise that never settled; only work inside the script can be awaited.', null, null, logs)
}

function toOutputs(vm: QuickJSContext, value: QuickJSHandle, maxChars: number, logs: LogSink): Vars {
  try {
    const type = vm.typeof(value)
    if (type === 'undefined') return {}
    const json = vm.getProp(vm.global, 'JSON')
    const stringify = vm.getProp(json, 'stringify')
    const text = vm.callFunction(stringify, json, value)
    stringify.dispose()
    json.dispose()
    if (text.error) {
      text.error.dispose()
      throw new ScriptError('script_bad_return', 'The returned object cannot be turned into JSON (it may contain a cycle).', null, null, logs)
    }
    const str = vm.typeof(text.value) === 'string' ? vm.getString(text.value) : ''
    text.value.dispose()
    if (str.length > maxChars) throw new ScriptError('script_bad_return', `The returned object is larger than ${maxChars} characters of JSON.`, null, null, logs)
    const parsed: unknown = str ? JSON.parse(str) : null
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new ScriptError('script_bad_return', 'The script must return an object, e.g. return { total: 3 }; its keys become the outputs.', null, null, logs)
    return parsed as Vars
  } finally {
    value.dispose()
  }
}
