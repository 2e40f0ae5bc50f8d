import { describe, expect, it } from 'vitest'
import { splitCheck, splitSentence } from './split-form'

describe('the Publish dialog split form', () => {
  it('takes two different versions and a whole percent from 1 to 99', () => {
    expect(splitCheck({ a: '3', b: '4', percent: '30' })).toEqual({ ok: true, versions: [3, 4], percent: 30 })
    expect(splitCheck({ a: '3', b: '4', percent: ' 1 ' })).toMatchObject({ ok: true, percent: 1 })
  })

  it('says what is wrong beside the field that holds it', () => {
    expect(splitCheck({ a: '3', b: '3', percent: '30' })).toEqual({
      ok: false,
      field: 'versions',
      message: 'Choose two different versions.',
    })
    expect(splitCheck({ a: '', b: '4', percent: '30' })).toMatchObject({ ok: false, field: 'versions' })
    for (const percent of ['0', '100', '12.5', '', 'ten', '-5'])
      expect(splitCheck({ a: '3', b: '4', percent }), percent).toMatchObject({
        ok: false,
        field: 'percent',
        message: 'The share for version B is a whole percent from 1 to 99 (end the split to send everyone to one).',
      })
  })

  it('describes a split in a sentence', () => {
    expect(splitSentence({ versions: [3, 4], percent: 30 })).toBe(
      '30 % of new conversations go to version 4, 70 % to version 3.',
    )
  })
})
