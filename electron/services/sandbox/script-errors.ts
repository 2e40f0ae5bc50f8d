// Turns what QuickJS threw into a ScriptError a person can act on: which limit stopped the script, or the error
// with its line and column in the code the user wrote (the wrapper adds exactly one line above it).
import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core'
import { ScriptError } from '../../../shared/nodes/script/run-error'
import type { LogSink } from './script-console'

interface Dumped {
  name?: unknown
  message?: unknown
  stack?: unknown
  lineNumber?: unknown
}

export function describeFailure(
  vm: QuickJSContext,
  handle: QuickJSHandle,
  timeoutMs: number,
  logs: LogSink,
): ScriptError {
  const raw = readError(vm, handle)
  const e: Dumped = raw !== null && typeof raw === 'object' ? (raw as Dumped) : { message: raw }
  const name = typeof e.name === 'string' ? e.name : ''
  const message = typeof e.message === 'string' ? e.message : String(e.message ?? raw)
  const place = userPlace(typeof e.stack === 'string' ? e.stack : '')
  if (name === 'InternalError' && message === 'interrupted') return timedOut(timeoutMs, logs, place)
  if (message === 'out of memory' || raw === null)
    return new ScriptError(
      'script_memory',
      'The script used more memory than its limit allows and was stopped.',
      place.line,
      place.column,
      logs,
    )
  if (name === 'InternalError' && message === 'string too long')
    return new ScriptError(
      'script_memory',
      'The script built a string longer than the sandbox allows and was stopped.',
      place.line,
      place.column,
      logs,
    )
  if (name === 'InternalError' && message === 'stack overflow')
    return new ScriptError(
      'script_stack',
      'The script nested calls too deeply (endless recursion?) and was stopped.',
      place.line,
      place.column,
      logs,
    )
  if (name === 'SyntaxError')
    return new ScriptError('script_syntax', `SyntaxError: ${message}`, place.line, place.column, logs)
  return new ScriptError(
    'script_error',
    name && name !== 'Error' ? `${name}: ${message}` : message,
    place.line,
    place.column,
    logs,
  )
}

export function timedOut(
  timeoutMs: number,
  logs: LogSink,
  place: { line: number | null; column: number | null } = { line: null, column: null },
): ScriptError {
  return new ScriptError(
    'script_timeout',
    `The script ran longer than its ${timeoutMs} ms limit and was stopped (an endless loop?).`,
    place.line,
    place.column,
    logs,
  )
}

/** The first frame in the user's file; QuickJS writes frames as "script.js:LINE:COLUMN". */
function userPlace(stack: string): { line: number | null; column: number | null } {
  const m = /script\.js:(\d+)(?::(\d+))?/.exec(stack)
  if (!m) return { line: null, column: null }
  const line = Math.max(1, Number(m[1]) - 1)
  return { line, column: m[2] ? Number(m[2]) : null }
}

/** Reads name, message and stack one by one: vm.dump would stringify the whole error inside a possibly exhausted VM. */
function readError(vm: QuickJSContext, handle: QuickJSHandle): unknown {
  try {
    if (vm.typeof(handle) !== 'object') return vm.dump(handle)
    const out: Record<string, unknown> = {}
    for (const key of ['name', 'message', 'stack']) {
      const prop = vm.getProp(handle, key)
      if (vm.typeof(prop) === 'string') out[key] = vm.getString(prop)
      prop.dispose()
    }
    return out
  } catch {
    return null
  }
}
