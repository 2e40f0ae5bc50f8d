import { describe, expect, it } from 'vitest'
import { documentedDefaults, portsOf, problemsOf, variablesOf } from '../../analysis/testing/node'

const slot = (s: Record<string, unknown>) => ({ name: 'order', type: 'text', required: true, ask: 'Order?', ...s })

describe('extract', () => {
  it('leaves by done or failed, and saves every slot and the missing ones under its name', () => {
    expect(portsOf('extract', {})).toEqual(['done', 'failed'])
    expect(
      variablesOf('extract', { slots: [slot({}), slot({ name: 'day', type: 'date', required: false })] }, 'x'),
    ).toEqual(['x.order', 'x.day', 'x.missing'])
  })

  it('starts with one text slot to fill in, reading the message that started the flow, offline', () => {
    const d = documentedDefaults(
      'extract',
      { slots: [], source: 'trigger', text: '', prompt: '', provider: 'offline' },
      { slots: [{ name: 'value', type: 'text', required: true, ask: '', choices: [], pattern: '' }] },
    )
    expect(d.newNode).toEqual(d.expectedNewNode)
    expect(d.leftOut).toEqual(d.expectedLeftOut)
  })

  it.each([
    ['valid', { slots: [slot({}), slot({ name: 'day', type: 'date', required: false, ask: '' })] }, []],
    ['no slots', { slots: [] }, ['config.required /slots']],
    ["source 'text' without a text", { slots: [slot({})], source: 'text' }, ['config.required /text']],
    [
      'two slots of one name',
      { slots: [slot({}), slot({ type: 'number' })] },
      ['config.slot_duplicate /slots/0/name', 'config.slot_duplicate /slots/1/name'],
    ],
    ['a name that is no identifier', { slots: [slot({ name: 'order no' })] }, ['config.variable_name /slots/0/name']],
    [
      "the name 'missing', the node's own list",
      { slots: [slot({ name: 'missing' })] },
      ['config.slot_reserved /slots/0/name'],
    ],
    ['a required slot without an ask message', { slots: [slot({ ask: ' ' })] }, ['config.required /slots/0/ask']],
    ['a choice without choices', { slots: [slot({ type: 'choice' })] }, ['config.required /slots/0/choices']],
    ['a pattern without a pattern', { slots: [slot({ type: 'pattern' })] }, ['config.required /slots/0/pattern']],
    [
      'an invalid pattern',
      { slots: [slot({ type: 'pattern', pattern: '([0-9' })] },
      ['config.pattern /slots/0/pattern'],
    ],
    [
      'a look-around',
      { slots: [slot({ type: 'pattern', pattern: '\\d+(?=x)' })] },
      ['config.pattern /slots/0/pattern'],
    ],
  ])('%s', (_what, config, expected) => {
    expect(problemsOf('extract', config)).toEqual(expected)
  })
})
