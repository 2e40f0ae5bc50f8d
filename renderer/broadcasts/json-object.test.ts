import { describe, expect, it } from 'vitest'
import { readJsonObject } from './json-object'

describe('readJsonObject', () => {
  it('reads blank as no variables and an object as itself', () => {
    expect(readJsonObject('  ')).toEqual({ ok: true, value: {} })
    expect(readJsonObject('{"resolved": true, "n": 2}')).toEqual({ ok: true, value: { resolved: true, n: 2 } })
  })

  it.each(['{"resolved": tru}', '[1, 2]', '"text"', '3', 'null'])('refuses %s with a sentence', (text) => {
    const read = readJsonObject(text)
    expect(read.ok).toBe(false)
    if (!read.ok) expect(read.message).toMatch(/such as \{"resolved": true\}/)
  })
})
