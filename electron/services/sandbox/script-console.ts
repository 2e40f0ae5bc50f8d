// The sandbox's console: formats its arguments inside QuickJS and hands the host one string per line. The host
// function takes only strings and returns nothing, so it opens no path out of the sandbox.
import type { QuickJSContext } from 'quickjs-emscripten-core'

export type LogSink = string[]

export const MAX_LOG_LINES = 200
export const MAX_LOG_LINE = 2000

const CONSOLE_SOURCE = `(function (emit) {
  const fmt = (v) => {
    if (typeof v === 'string') return v
    try { const s = JSON.stringify(v); return s === undefined ? String(v) : s } catch (e) { return String(v) }
  }
  const make = (level) => (...args) => emit(level, args.map(fmt).join(' '))
  globalThis.console = Object.freeze({ log: make('log'), info: make('info'), warn: make('warn'), error: make('error'), debug: make('debug') })
})`

export function installConsole(vm: QuickJSContext, logs: LogSink): void {
  const emit = vm.newFunction('emit', (levelHandle, textHandle) => {
    if (logs.length > MAX_LOG_LINES) return
    if (logs.length === MAX_LOG_LINES) {
      logs.push(`… more console output was dropped (limit ${MAX_LOG_LINES} lines)`)
      return
    }
    const level = vm.getString(levelHandle)
    const text = vm.getString(textHandle)
    const line = level === 'log' ? text : `[${level}] ${text}`
    logs.push(line.length > MAX_LOG_LINE ? `${line.slice(0, MAX_LOG_LINE)}…` : line)
  })
  const setup = vm.unwrapResult(vm.evalCode(CONSOLE_SOURCE, 'console.js'))
  const done = vm.callFunction(setup, vm.undefined, emit)
  setup.dispose()
  emit.dispose()
  vm.unwrapResult(done).dispose()
}
