// One script in one fresh QuickJS instance, inside a sandbox worker. The user's code is the body of an async
// function of `input`, so `await` works in it; the wrapper stays on line 1, so the user's lines shift by exactly one.
// The interrupt handler stops ordinary loops at the deadline with a precise message; loops inside QuickJS's C
// built-ins never reach it, and those are stopped from outside by the pool. The sandbox holds only ECMAScript and a
// console that copies lines out as text: no require, process, filesystem, network or timers.
import {
  shouldInterruptAfterDeadline,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSWASMModule,
} from 'quickjs-emscripten-core'
import type { Vars } from '../../../shared/engine/types'
import { checkJsonBounds } from '../../../shared/json/bounds'
import { ScriptError } from '../../../shared/nodes/script/run-error'
import { installConsole, type LogSink } from './script-console'
import { describeFailure, timedOut } from './script-errors'
import type { ScriptLimits } from './limits'

const PREFIX = '(async function (input) { "use strict";\n'
export const FILE_NAME = 'script.js'

export function runScript(
  mod: QuickJSWASMModule,
  code: string,
  inputsJson: string,
  timeoutMs: number,
  l: ScriptLimits,
): { outputs: Vars; logs: string[] } {
  const runtime = mod.newRuntime()
  runtime.setMemoryLimit(l.memoryBytes)
  runtime.setMaxStackSize(l.stackBytes)
  const deadline = Date.now() + timeoutMs
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(deadline))
  const vm = runtime.newContext()
  const logs: LogSink = []
  const fail = (handle: QuickJSHandle) => {
    // The user's code has stopped: reading its error may need memory past the limit it exhausted (the WebAssembly
    // cap still holds).
    runtime.setMemoryLimit(-1)
    const err = describeFailure(vm, handle, timeoutMs, logs)
    handle.dispose()
    return err
  }
  // Disposal is skipped on purpose: the whole instance (its memory included) is dropped after this one script, and
  // QuickJS asserts when a failed script left objects behind.
  installConsole(vm, logs)
  const fn = vm.evalCode(PREFIX + code + '\n})', FILE_NAME)
  if (fn.error) throw fail(fn.error)
  const input = vm.evalCode(`(${inputsJson})`, 'input.json')
  if (input.error) throw fail(input.error)
  const called = vm.callFunction(fn.value, vm.undefined, input.value)
  if (called.error) throw fail(called.error)
  const settled = settle(vm, called.value, fail, logs, () => Date.now() >= deadline && timedOut(timeoutMs, logs))
  return { outputs: toOutputs(vm, settled, l.maxOutputChars, logs, fail), logs }
}

/**
 * The body is async: run its jobs until the promise settles. An endless chain of awaits meets the interrupt handler
 * inside a job, and QuickJS then reports the job queue oddly (an empty queue, or "not a function"): past the
 * deadline, whatever it reports is the time limit (`expired`).
 */
function settle(
  vm: QuickJSContext,
  value: QuickJSHandle,
  fail: (h: QuickJSHandle) => ScriptError,
  logs: LogSink,
  expired: () => ScriptError | false,
): QuickJSHandle {
  for (;;) {
    const state = vm.getPromiseState(value)
    if (state.type === 'fulfilled') return state.notAPromise ? value : state.value
    if (state.type === 'rejected') throw expired() || fail(state.error)
    const jobs = vm.runtime.executePendingJobs(-1)
    if (jobs.error) throw expired() || fail(jobs.error)
    if (jobs.value === 0 && vm.getPromiseState(value).type === 'pending') {
      const late = expired()
      if (late) throw late
    }
    if (jobs.value === 0 && vm.getPromiseState(value).type === 'pending')
      throw new ScriptError(
        'script_error',
        'The script awaited a promise that never settles; only work inside the script can be awaited.',
        null,
        null,
        logs,
      )
  }
}

function toOutputs(
  vm: QuickJSContext,
  value: QuickJSHandle,
  maxChars: number,
  logs: LogSink,
  fail: (h: QuickJSHandle) => ScriptError,
): Vars {
  if (vm.typeof(value) === 'undefined') return {}
  const json = vm.getProp(vm.global, 'JSON')
  const text = vm.callFunction(vm.getProp(json, 'stringify'), json, value)
  if (text.error) throw notJson(fail(text.error), logs)
  const str = vm.typeof(text.value) === 'string' ? vm.getString(text.value) : ''
  if (str.length > maxChars)
    throw new ScriptError(
      'script_bad_return',
      `The returned object is larger than ${maxChars} characters of JSON.`,
      null,
      null,
      logs,
    )
  const parsed: unknown = str ? JSON.parse(str) : null
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new ScriptError(
      'script_bad_return',
      'The script must return an object, e.g. return { total: 3 }; its keys become the outputs.',
      null,
      null,
      logs,
    )
  // Outputs become session variables, stored as JSON and read by SQLite: the same depth guard as any JSON coming in.
  const bounds = checkJsonBounds(parsed)
  if (bounds)
    throw new ScriptError('script_bad_return', `The returned object is too deep: ${bounds.message}`, null, null, logs)
  return parsed as Vars
}

/**
 * Why the returned value could not become JSON, in the user's terms. A limit met while turning it into JSON (a getter
 * or toJSON that loops or allocates) is reported as that limit; the rest say what was wrong with the value.
 */
function notJson(e: ScriptError, logs: LogSink): ScriptError {
  if (e.code === 'script_timeout' || e.code === 'script_memory') return e
  const why =
    e.code === 'script_stack'
      ? 'it nests too deeply'
      : /circular/i.test(e.message)
        ? 'it contains a cycle (an object that refers back to itself)'
        : `turning it into JSON threw ${e.message}`
  return new ScriptError(
    'script_bad_return',
    `The returned object cannot be turned into JSON: ${why}.`,
    e.line,
    e.column,
    logs,
  )
}
