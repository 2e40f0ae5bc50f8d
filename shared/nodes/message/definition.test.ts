import { describe, expect, it } from 'vitest'
import { documentedDefaults, portsOf, problemsOf } from '../../analysis/testing/node'

describe('message', () => {
  it('is linear', () => expect(portsOf('message', {})).toEqual(['out']))
  it.each([
    ['valid', { text: 'Hello {{customer_name}}' }, []],
    ['empty', { text: '' }, ['config.required /text']],
    ['4096 is fine', { text: 'x'.repeat(4096) }, []],
    ['4097 is too long', { text: 'x'.repeat(4097) }, ['limit.length /text']],
  ])('%s', (_t, config, expected) => expect(problemsOf('message', config)).toEqual(expected))
})

describe('message defaults', () => {
  it('a new node starts with the documented settings, and a field left out of a file takes the same default', () => {
    const d = documentedDefaults('message', { text: '', previewUrl: false })
    expect(d.newNode).toEqual(d.expectedNewNode)
    expect(d.leftOut).toEqual(d.expectedLeftOut)
  })
})
