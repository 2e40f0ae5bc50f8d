import { describe, expect, it } from 'vitest'
import { documentedDefaults, problemsOf, textPointersOf, variablesOf } from '../../analysis/testing/node'

describe('lead_management', () => {
  it("get details saves contact fields with the prefix, default 'lead_'", () => {
    expect(variablesOf('lead_management', {})).toContain('lead_email')
    expect(variablesOf('lead_management', {})).toContain('lead_companyName')
    expect(variablesOf('lead_management', { prefix: 'c_' })).toContain('c_name')
    expect(variablesOf('lead_management', { action: 'add_tags', tags: ['a'] })).toEqual([])
  })
  it('field values and tags take templates', () => {
    expect(
      textPointersOf('lead_management', { action: 'update_fields', fields: [{ field: 'email', value: '{{e}}' }] }),
    ).toEqual(['/fields/0/value'])
    expect(textPointersOf('lead_management', { action: 'remove_tags', tags: ['a', 'b'] })).toEqual([
      '/tags/0',
      '/tags/1',
    ])
  })
  it.each([
    ['get details', {}, []],
    ['bad prefix', { prefix: '1_' }, ['config.variable_name /prefix']],
    ['update without fields', { action: 'update_fields' }, ['config.required /fields']],
    [
      'bad field name',
      { action: 'update_fields', fields: [{ field: 'e mail', value: 'x' }] },
      ['config.field_name /fields/0/field'],
    ],
    ['tags needed', { action: 'add_tags' }, ['config.required /tags']],
    ['empty tag', { action: 'remove_tags', tags: [''] }, ['config.required /tags/0']],
  ])('%s', (_t, config, expected) => expect(problemsOf('lead_management', config)).toEqual(expected))
})

describe('lead_management defaults', () => {
  it('a new node starts with the documented settings, and a field left out of a file takes the same default', () => {
    const d = documentedDefaults('lead_management', { action: 'get_details', prefix: 'lead_', fields: [], tags: [] })
    expect(d.newNode).toEqual(d.expectedNewNode)
    expect(d.leftOut).toEqual(d.expectedLeftOut)
  })
})
