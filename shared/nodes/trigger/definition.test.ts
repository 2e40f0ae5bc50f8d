import { describe, expect, it } from 'vitest'
import { documentedDefaults, portsOf, problemsOf, variablesOf } from '../../analysis/testing/node'

describe('trigger', () => {
  it('has one out port', () => expect(portsOf('trigger', {})).toEqual(['out']))
  it.each([
    ['keyword', {}, ['trigger_1.kind', 'trigger_1.keyword', 'trigger_1.message']],
    [
      'webhook',
      { kind: 'webhook', dataFields: ['order_id'] },
      [
        'trigger_1.kind',
        'trigger_1.phone_number',
        'trigger_1.data',
        'trigger_1.message_text',
        'trigger_1.button_id',
        'order_id',
      ],
    ],
    [
      'button click',
      { kind: 'button_click', payloadPrefix: 'order_', targetVariable: 'order_ref' },
      ['trigger_1.kind', 'trigger_1.payload', 'trigger_1.text', 'order_ref'],
    ],
    ['manual', { kind: 'manual' }, ['trigger_1.kind', 'trigger_1.operator', 'trigger_1.data']],
  ])('%s variables', (_t, config, expected) => expect(variablesOf('trigger', config)).toEqual(expected))
  it('ad click exposes the ad fields', () =>
    expect(variablesOf('trigger', { kind: 'ad_click' })).toContain('trigger_1.ad.headline'))
  it.each([
    ['keywords given', { keywords: ['hi'] }, []],
    ['no keywords', {}, ['config.required /keywords']],
    [
      'duplicate ignoring case',
      { keywords: ['Hi', 'hi'] },
      ['config.duplicate_keyword /keywords/0', 'config.duplicate_keyword /keywords/1'],
    ],
    ['empty keyword', { keywords: ['hi', ' '] }, ['config.required /keywords/1']],
    ['extraction without prefix', { kind: 'button_click', targetVariable: 'x' }, ['config.required /payloadPrefix']],
    [
      'bad target variable',
      { kind: 'button_click', payloadPrefix: 'p_', targetVariable: 'a b' },
      ['config.variable_name /targetVariable'],
    ],
    ['bad data field', { kind: 'webhook', dataFields: ['order-id'] }, ['config.variable_name /dataFields/0']],
    ['manual needs nothing', { kind: 'manual' }, []],
  ])('%s', (_t, config, expected) => expect(problemsOf('trigger', config)).toEqual(expected))
})

describe('trigger defaults', () => {
  it('a new node starts with the documented settings, and a field left out of a file takes the same default', () => {
    const d = documentedDefaults('trigger', {
      kind: 'keyword',
      keywords: [],
      matchMode: 'exact',
      payloadPrefix: '',
      targetVariable: '',
      dataFields: [],
    })
    expect(d.newNode).toEqual(d.expectedNewNode)
    expect(d.leftOut).toEqual(d.expectedLeftOut)
  })
})
