import { describe, expect, it } from 'vitest'
import { checkNodeName } from './names'

describe('checkNodeName', () => {
  it.each([
    ['http_call_1', null],
    ['_private', null],
    ['Lookup2', null],
    ['a'.repeat(50), null],
    ['', 'name.empty'],
    ['my node', 'name.chars'],
    ['order-lookup', 'name.chars'],
    ['café', 'name.chars'],
    ['a.b', 'name.chars'],
    ['1st', 'name.digit'],
    ['a'.repeat(51), 'name.length'],
  ])('%j → %s', (name, code) => {
    expect(checkNodeName(name)?.code ?? null).toBe(code)
  })

  it('is unique in the flow, case-sensitively (variables are case sensitive)', () => {
    expect(checkNodeName('lookup', ['lookup', 'x'])?.code).toBe('name.duplicate')
    expect(checkNodeName('Lookup', ['lookup'])).toBeNull()
  })
})
