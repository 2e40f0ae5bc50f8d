import { describe, expect, it } from 'vitest'
import { documentedDefaults, problemsOf, variablesOf } from '../../analysis/testing/node'

describe('spm', () => {
  it('a cart sent back arrives as order variables', () =>
    expect(variablesOf('spm', {})).toEqual(['order.catalog_id', 'order.product_items', 'order.text']))
  it.each([
    ['valid', { catalogId: 'c', productId: 'p' }, []],
    ['missing ids', {}, ['config.required /catalogId', 'config.required /productId']],
    [
      'body 1025 and footer 61',
      { catalogId: 'c', productId: 'p', body: 'b'.repeat(1025), footer: 'f'.repeat(61) },
      ['limit.length /body', 'limit.length /footer'],
    ],
  ])('%s', (_t, config, expected) => expect(problemsOf('spm', config)).toEqual(expected))
})

describe('spm defaults', () => {
  it('a new node starts with the documented settings, and a field left out of a file takes the same default', () => {
    const d = documentedDefaults('spm', { catalogId: '', productId: '', body: '', footer: '', noReplyWithin: '' })
    expect(d.newNode).toEqual(d.expectedNewNode)
    expect(d.leftOut).toEqual(d.expectedLeftOut)
  })
})
