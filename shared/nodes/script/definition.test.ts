import { describe, expect, it } from 'vitest'
import { documentedDefaults, portsOf, problemsOf, textPointersOf, variablesOf } from '../../analysis/testing/node'

describe('script', () => {
  it('has success/failure, template inputs and outputs under its name', () => {
    const c = {
      inputs: [{ name: 'total', value: '{{http_call_1.result.total}}' }],
      outputs: [{ name: 'vat', type: 'number' }],
    }
    expect(portsOf('script', c)).toEqual(['success', 'failure'])
    expect(textPointersOf('script', c)).toEqual(['/inputs/0/value'])
    expect(variablesOf('script', c, 'calc')).toEqual([
      'calc.vat',
      'calc.error',
      'calc.error.code',
      'calc.error.message',
      'calc.line',
      'calc.column',
    ])
  })
  it.each([
    [
      'valid',
      {
        code: 'return { vat: input.total * 0.2 }',
        inputs: [{ name: 'total', value: '1' }],
        outputs: [{ name: 'vat', type: 'number' }],
      },
      [],
    ],
    ['no code', { code: '' }, ['config.required /code']],
    ['bad input name', { inputs: [{ name: 'a-b', value: '' }] }, ['config.variable_name /inputs/0/name']],
    [
      'duplicate outputs',
      { outputs: [{ name: 'a' }, { name: 'a' }] },
      ['config.duplicate_name /outputs/0/name', 'config.duplicate_name /outputs/1/name'],
    ],
    ['timeout out of range', { timeoutMs: 10 }, ['config.range /timeoutMs']],
  ])('%s', (_t, config, expected) => expect(problemsOf('script', config)).toEqual(expected))
})

describe('script defaults', () => {
  it('a new node starts with the documented settings, and a field left out of a file takes the same default', () => {
    const d = documentedDefaults('script', { code: 'return {}', inputs: [], outputs: [], timeoutMs: 1000 })
    expect(d.newNode).toEqual(d.expectedNewNode)
    expect(d.leftOut).toEqual(d.expectedLeftOut)
  })
})
