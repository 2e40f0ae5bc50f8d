import { describe, expect, it } from 'vitest'
import { keepEqual } from './keep-equal'

describe('keepEqual', () => {
  it('returns the old object when the new one is deeply equal', () => {
    const prev = { a: 1, b: [1, { c: 'x' }], d: null }
    const next = JSON.parse(JSON.stringify(prev))
    expect(keepEqual(prev, next)).toBe(prev)
  })

  it('keeps the unchanged parts and gives the changed path new objects', () => {
    const prev = { vars: { name: { first: 'Ann' }, answer_0: 'yes', list: [1, 2] }, trace: [{ n: 1 }] }
    const next = JSON.parse(JSON.stringify(prev))
    next.vars.answer_0 = 'no'
    next.trace.push({ n: 2 })
    const out = keepEqual(prev, next)
    expect(out).toEqual(next)
    expect(out).not.toBe(prev)
    expect(out.vars).not.toBe(prev.vars)
    expect(out.vars.name).toBe(prev.vars.name)
    expect(out.vars.list).toBe(prev.vars.list)
    expect(out.trace).not.toBe(prev.trace)
    expect(out.trace[0]).toBe(prev.trace[0])
  })

  it('sees added and removed keys, shorter arrays and changed kinds', () => {
    const prev = { a: 1, b: 2, list: [1, 2, 3], v: { x: 1 } as unknown }
    expect(keepEqual(prev, { a: 1 })).toEqual({ a: 1 })
    expect(keepEqual(prev, { a: 1, b: 2, list: [1, 2, 3], v: { x: 1 }, c: 3 })).not.toBe(prev)
    const shorter = keepEqual(prev, { ...prev, list: [1, 2] })
    expect(shorter.list).toEqual([1, 2])
    const kind = keepEqual(prev, { ...prev, v: [1] })
    expect(kind.v).toEqual([1])
    expect(keepEqual({ a: undefined }, { b: undefined })).toEqual({ b: undefined })
  })

  it('takes the new value for primitives and null', () => {
    expect(keepEqual(1, 2)).toBe(2)
    expect(keepEqual({ a: 1 }, null)).toBe(null)
    expect(keepEqual(null, { a: 1 })).toEqual({ a: 1 })
  })
})
