import { describe, expect, it } from 'vitest'
import { portsOf, problemsOf } from '../../flow/testing/node'

describe('message', () => {
  it('is linear', () => expect(portsOf('message', {})).toEqual(['out']))
  it.each([
    ['valid', { text: 'Hello {{customer_name}}' }, []],
    ['empty', { text: '' }, ['config.required /text']],
    ['4096 is fine', { text: 'x'.repeat(4096) }, []],
    ['4097 is too long', { text: 'x'.repeat(4097) }, ['limit.length /text']],
  ])('%s', (_t, config, expected) => expect(problemsOf('message', config)).toEqual(expected))
})
