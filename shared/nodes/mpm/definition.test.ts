import { describe, expect, it } from 'vitest'
import { documentedDefaults, problemsOf } from '../../analysis/testing/node'

const base = { catalogId: 'c', header: 'Teas', body: 'Pick' }
const ids = (n: number, p = 'p') => Array.from({ length: n }, (_, i) => `${p}${i}`)
describe('mpm', () => {
  it.each([
    ['valid', { ...base, sections: [{ title: '', productIds: ['a'] }] }, []],
    [
      'header and body required',
      { catalogId: 'c', sections: [{ productIds: ['a'] }] },
      ['config.required /header', 'config.required /body'],
    ],
    [
      '31 products',
      {
        ...base,
        sections: [
          { title: 'A', productIds: ids(16) },
          { title: 'B', productIds: ids(15, 'q') },
        ],
      },
      ['limit.products_count /sections'],
    ],
    [
      '11 sections',
      { ...base, sections: Array.from({ length: 11 }, (_, i) => ({ title: `S${i}`, productIds: ['a'] })) },
      ['limit.sections_count /sections'],
    ],
    [
      'titles needed with 2 sections',
      {
        ...base,
        sections: [
          { title: '', productIds: ['a'] },
          { title: 'B', productIds: ['b'] },
        ],
      },
      ['config.required /sections/0/title'],
    ],
    [
      'empty section',
      { ...base, sections: [{ title: 'A', productIds: [] }] },
      ['limit.products_count /sections/0/productIds'],
    ],
    [
      'section title over 24',
      { ...base, sections: [{ title: 't'.repeat(25), productIds: ['a'] }] },
      ['limit.length /sections/0/title'],
    ],
  ])('%s', (_t, config, expected) => expect(problemsOf('mpm', config)).toEqual(expected))
})

describe('mpm defaults', () => {
  it('a new node starts with the documented settings, and a field left out of a file takes the same default', () => {
    const d = documentedDefaults(
      'mpm',
      { catalogId: '', header: '', body: '', footer: '', noReplyWithin: '' },
      { sections: [{ title: '', productIds: [] }] },
      { sections: [] },
    )
    expect(d.newNode).toEqual(d.expectedNewNode)
    expect(d.leftOut).toEqual(d.expectedLeftOut)
  })
})
