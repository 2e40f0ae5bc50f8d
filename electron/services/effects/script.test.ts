import { describe, expect, it } from 'vitest'
import { ScriptError } from '../../../shared/nodes/script/run-error'
import { createScriptEffect } from './script'

const effect = createScriptEffect()
const run = (code: string, inputs: Record<string, unknown> = {}, timeoutMs = 1000) =>
  effect.run(code, inputs, { timeoutMs })
// Nesting limits are met with a small stack, so the work stays a few thousand steps: sized far from the time limit
// on any machine (the full 256 KiB stack needs ~20,000 levels, seconds of work on a busy one).
const shallow = createScriptEffect({ stackBytes: 32 * 1024 })
const DEEP = 10_000

async function failure(code: string, timeoutMs = 1000, using = effect): Promise<ScriptError> {
  try {
    await using.run(code, {}, { timeoutMs })
  } catch (err) {
    if (err instanceof ScriptError) return err
    throw err
  }
  throw new Error('the script did not fail')
}

describe('script effect (QuickJS)', () => {
  it('maps inputs in and the returned keys out, with console lines', async () => {
    const out = await run(
      'console.log("total is", input.total, { a: 1 })\nconsole.warn("careful")\nreturn { doubled: input.total * 2, name: input.who.name.toUpperCase(), list: [1, "x"] }',
      {
        total: 21,
        who: { name: 'ann' },
      },
    )
    expect(out.outputs).toEqual({ doubled: 42, name: 'ANN', list: [1, 'x'] })
    expect(out.logs).toEqual(['total is 21 {"a":1}', '[warn] careful'])
  })

  it('returns no outputs for a script that returns nothing, and awaits an async body', async () => {
    expect((await run('let x = 1')).outputs).toEqual({})
    // The body is an async function: `await` reaches the sandbox as written.
    expect(
      (await run('const v = await Promise.resolve(5)\nconst w = await (async () => v + 1)()\nreturn { v, w }')).outputs,
    ).toEqual({ v: 5, w: 6 })
    expect((await run('return Promise.resolve(5).then((v) => ({ v }))')).outputs).toEqual({ v: 5 })
  })

  it('points runtime and syntax errors at the user line and column', async () => {
    const rt = await failure('const a = 1\nconst b = null\nreturn { x: b.field }')
    expect(rt.code).toBe('script_error')
    expect(rt.line).toBe(3)
    expect(rt.column).toBeGreaterThan(1)
    expect(rt.describe()).toMatch(/^line 3, column \d+: TypeError: cannot read property 'field' of null$/)
    const syn = await failure('const a = 1\nconst b = (\nreturn {}')
    expect(syn.code).toBe('script_syntax')
    expect(syn.line).toBe(3)
    const thrown = await failure('console.log("before")\nthrow new Error("custom stop")')
    expect(thrown).toMatchObject({ code: 'script_error', message: 'custom stop', line: 2, logs: ['before'] })
  })

  it('refuses a return value that is not an object', async () => {
    expect((await failure('return 42')).code).toBe('script_bad_return')
    expect((await failure('const a = {}; a.self = a; return a')).code).toBe('script_bad_return')
  })

  it('says why a returned value is not JSON, and reports a limit met while turning it into JSON as that limit', async () => {
    expect(await failure('const a = {}; a.self = a; return { a }')).toMatchObject({
      code: 'script_bad_return',
      message: expect.stringMatching(/contains a cycle/),
    })
    const deep = await failure(
      `let o = {}; let r = o; for (let i = 0; i < ${DEEP}; i++) { r.a = {}; r = r.a } return { o }`,
      5000,
      shallow,
    )
    expect(deep).toMatchObject({ code: 'script_bad_return', message: expect.stringMatching(/nests too deeply/) })
    expect(await failure('return { n: { toJSON() { throw new Error("not today") } } }')).toMatchObject({
      code: 'script_bad_return',
      message: expect.stringMatching(/threw not today/),
      line: 1,
    })
    // A getter or toJSON that never ends is the time limit, not a "bad return".
    expect((await failure('return { get n() { while (true) {} } }', 200)).code).toBe('script_timeout')
    expect((await failure('return { n: { toJSON() { while (true) {} } } }', 200)).code).toBe('script_timeout')
  })

  // An endless loop ends only through the limit: the code says it was met, on a machine of any speed.
  it('stops an endless loop at its time limit, even one that catches errors', async () => {
    const e = await failure('while (true) {}', 200)
    expect(e.code).toBe('script_timeout')
    expect(e.message).toMatch(/200 ms limit/)
    expect((await failure('for (;;) { try { while (true) {} } catch (e) {} }', 200)).code).toBe('script_timeout')
    expect(
      (await failure('return Promise.resolve().then(function f() { return Promise.resolve().then(f) })', 200)).code,
    ).toMatch(/script_timeout|script_error/)
  })

  it('stops a memory bomb and endless recursion at their limits, and keeps working afterwards', async () => {
    const small = createScriptEffect({ memoryBytes: 8 * 1024 * 1024 })
    // A generous time limit, so a loaded machine still meets the memory limit first.
    const bomb = async (code: string, timeoutMs = 5000) => {
      try {
        await small.run(code, {}, { timeoutMs })
      } catch (err) {
        return err as ScriptError
      }
      throw new Error('the memory bomb did not fail')
    }
    expect((await bomb('let s = "x"; while (true) s = s + s')).code).toBe('script_memory')
    expect((await bomb('const a = []; while (true) a.push({ n: a.length, s: "row " + a.length })')).code).toBe(
      'script_memory',
    )
    expect((await bomb('return { s: "x".repeat(50 * 1024 * 1024) }')).code).toBe('script_memory')
    expect(
      (
        await bomb(
          'const a = []; for (;;) { try { while (true) a.push({ n: a.length }) } catch (e) { a.length = a.length } }',
          1000,
        )
      ).code,
    ).toMatch(/script_memory|script_timeout/)
    expect((await failure('function f() { return f() + 1 } return { v: f() }', 5000)).code).toBe('script_stack')
    expect(
      (
        await failure(
          `let o = {}; for (let i = 0; i < ${DEEP}; i++) o = { o }; return { s: JSON.stringify(o).length }`,
          5000,
          shallow,
        )
      ).code,
    ).toMatch(/script_stack|script_error/)
    expect(
      (await failure(`let a = []; for (let i = 0; i < ${DEEP}; i++) a = [a]; return { s: String(a) }`, 5000, shallow))
        .code,
    ).toMatch(/script_stack|script_error/)
    expect((await small.run('return { ok: true }', {}, { timeoutMs: 1000 })).outputs).toEqual({ ok: true })
  })

  it('caps console output', async () => {
    const out = await run('for (let i = 0; i < 1000; i++) console.log("line " + i); return {}')
    expect(out.logs.length).toBe(201)
    expect(out.logs.at(-1)).toMatch(/dropped/)
  })
})

describe('sandbox escape attempts all fail safely', () => {
  const attempts: [string, string][] = [
    ['process', 'return { v: typeof process }'],
    ['require', 'return { v: typeof require }'],
    ['globalThis.process', 'return { v: typeof globalThis.process }'],
    ['Function constructor', 'return { v: typeof Function("return this")().process }'],
    [
      'constructor chain',
      'return { v: typeof ({}).constructor.constructor("return typeof require === \\"undefined\\" ? undefined : require")() }',
    ],
    ['import()', 'return import("fs").then(() => ({ v: "loaded" }), (e) => ({ v: "undefined" }))'],
    [
      'fetch / timers',
      'return { v: [typeof fetch, typeof setTimeout, typeof XMLHttpRequest, typeof WebAssembly].every((t) => t === "undefined") ? "undefined" : "found" }',
    ],
    [
      'std / os modules',
      'return { v: typeof std === "undefined" && typeof os === "undefined" && typeof scriptArgs === "undefined" ? "undefined" : "found" }',
    ],
  ]
  it.each(attempts)('%s', async (_label, code) => {
    const out = await run(code)
    expect(out.outputs).toEqual({ v: 'undefined' })
  })

  it('cannot reach the host by throwing, by eval, or by poisoning the console', async () => {
    await expect(run('require("fs")')).rejects.toMatchObject({
      code: 'script_error',
      message: expect.stringContaining('require'),
    })
    await expect(run('process.exit(1)')).rejects.toMatchObject({ code: 'script_error' })
    const viaEval = await run('return { v: typeof (0, eval)("this").process }')
    expect(viaEval.outputs).toEqual({ v: 'undefined' })
    const poisoned = await run('Object.prototype.toString = () => { throw 1 }; console.log({}); return { ok: 1 }')
    expect(poisoned.outputs).toEqual({ ok: 1 })
    // Globals changed by one run are gone in the next: each run gets a fresh runtime.
    await run('globalThis.leak = 1; Array.prototype.evil = 1; return {}')
    expect((await run('return { v: typeof globalThis.leak, e: typeof [].evil }')).outputs).toEqual({
      v: 'undefined',
      e: 'undefined',
    })
  })
})
