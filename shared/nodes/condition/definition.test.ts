import { describe, expect, it } from 'vitest'
import { documentedDefaults, portsOf, problemsOf, textPointersOf } from '../../analysis/testing/node'
import { conditionDefinition } from './definition'

describe('condition', () => {
  it('has true and false ports', () => expect(portsOf('condition', {})).toEqual(['true', 'false']))
  it('takes templates on both sides, but not on the right of unary operators', () => {
    expect(
      textPointersOf('condition', {
        rules: [
          { left: '{{a}}', operator: 'equals', right: '1' },
          { left: '{{b}}', operator: 'is_empty' },
        ],
      }),
    ).toEqual(['/rules/0/left', '/rules/0/right', '/rules/1/left'])
  })
  it.each([
    ['valid', { rules: [{ left: '{{age}}', operator: 'greater_or_equal', right: '18' }] }, []],
    ['no rules', { rules: [] }, ['config.required /rules']],
    ['empty left', { rules: [{ left: '', operator: 'is_empty' }] }, ['config.required /rules/0/left']],
    [
      'binary operator without right',
      { rules: [{ left: '{{a}}', operator: 'contains' }] },
      ['config.required /rules/0/right'],
    ],
  ])('%s', (_t, config, expected) => expect(problemsOf('condition', config)).toEqual(expected))
  it('summarises the rules with their join', () => {
    expect(
      conditionDefinition.summary(
        conditionDefinition.configSchema.parse({
          join: 'or',
          rules: [
            { left: '{{a}}', operator: 'equals', right: '1' },
            { left: '{{b}}', operator: 'is_empty' },
          ],
        }),
      ),
    ).toBe('{{a}} equals 1 OR {{b}} is empty')
  })
})

describe('condition defaults', () => {
  it('a new node starts with the documented settings, and a field left out of a file takes the same default', () => {
    const d = documentedDefaults(
      'condition',
      { join: 'and' },
      { rules: [{ left: '', operator: 'is_not_empty' }] },
      { rules: [] },
    )
    expect(d.newNode).toEqual(d.expectedNewNode)
    expect(d.leftOut).toEqual(d.expectedLeftOut)
  })
})
