import { describe, expect, it } from 'vitest'
import { documentedDefaults, portsOf, problemsOf } from '../../analysis/testing/node'

const rule = { left: '{{row_id}}', operator: 'equals', right: 'a' }
describe('router', () => {
  it('has one port per route plus else', () => {
    expect(
      portsOf('router', {
        routes: [
          { id: 'vip', name: 'VIP', rules: [rule] },
          { id: 'new', name: 'New', rules: [rule] },
        ],
      }),
    ).toEqual(['vip', 'new', 'else'])
  })
  it.each([
    ['valid', { routes: [{ id: 'a', name: 'A', join: 'or', rules: [rule, rule] }] }, []],
    ['no routes', { routes: [] }, ['config.required /routes']],
    ["route id 'else'", { routes: [{ id: 'else', name: 'A', rules: [rule] }] }, ['config.route_id /routes/0/id']],
    [
      'duplicate ids and names',
      {
        routes: [
          { id: 'a', name: 'A', rules: [rule] },
          { id: 'a', name: 'A', rules: [rule] },
        ],
      },
      [
        'config.duplicate_id /routes/0/id',
        'config.duplicate_name /routes/0/name',
        'config.duplicate_id /routes/1/id',
        'config.duplicate_name /routes/1/name',
      ],
    ],
    ['route without rules', { routes: [{ id: 'a', name: 'A', rules: [] }] }, ['config.required /routes/0/rules']],
  ])('%s', (_t, config, expected) => expect(problemsOf('router', config)).toEqual(expected))
})

describe('router defaults', () => {
  it('a new node starts with the documented settings, and a field left out of a file takes the same default', () => {
    const d = documentedDefaults(
      'router',
      {},
      {
        routes: [{ id: 'route_1', name: 'Route 1', join: 'and', rules: [{ left: '', operator: 'equals', right: '' }] }],
      },
      { routes: [] },
    )
    expect(d.newNode).toEqual(d.expectedNewNode)
    expect(d.leftOut).toEqual(d.expectedLeftOut)
  })
})
