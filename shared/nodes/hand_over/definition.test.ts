import { describe, expect, it } from 'vitest'
import { documentedDefaults, portsOf, problemsOf, textPointersOf, variablesOf } from '../../analysis/testing/node'
import { handOverNode as def } from './index'

describe('hand_over', () => {
  it.each([
    ['only a person hands back', {}, []],
    ['back after 2 hours', { returnAfter: '2h' }, []],
    ['no duration', { returnAfter: 'soon' }, ['config.duration /returnAfter']],
    ['too short', { returnAfter: '30s' }, ['config.range /returnAfter']],
    ['too long', { returnAfter: '400d' }, ['config.range /returnAfter']],
    ['a message too long', { message: 'x'.repeat(4097) }, ['config.too_long /message']],
    ['variables it hands back', { handsBack: ['resolved', 'refund_id'] }, []],
    ['a variable that is no name', { handsBack: ['ok', '2fast'] }, ['config.variable /handsBack/1']],
  ])('%s', (_t, config, expected) => expect(problemsOf('hand_over', config)).toEqual(expected))

  it('leaves by returned, on time only when it has one; its message is a customer text, its note a template', () => {
    expect(portsOf('hand_over', {})).toEqual(['returned'])
    expect(def.timeWait!(def.configSchema.parse({}))).toBeNull()
    expect(def.timeWait!(def.configSchema.parse({ returnAfter: '2h' }))).toEqual({ maxMs: 7_200_000, port: 'returned' })
    expect(def.customerTexts(def.configSchema.parse({ message: 'Hi' })).map((t) => t.pointer)).toEqual(['/message'])
    expect(textPointersOf('hand_over', {})).toEqual(['/message', '/note'])
    expect(def.person?.port).toBe('returned')
  })

  it('names the variables the person sets for the generator, once each, valid names only', () => {
    const config = def.configSchema.parse({ handsBack: [' resolved ', 'resolved', '2bad', 'team'] })
    expect(def.person!.handsBack!(config)).toEqual(['resolved', 'team'])
  })

  it('declares the variables the person hands back, so {{resolved}} after it is known', () => {
    expect(variablesOf('hand_over', { handsBack: ['resolved'] })[0]).toBe('resolved')
  })

  it('saves the takeover and, once handed back, how it came back', () => {
    expect(variablesOf('hand_over', {})).toEqual([
      'hand_over_1.handoverId',
      'hand_over_1.note',
      'hand_over_1.until',
      'hand_over_1.handover.by',
      'hand_over_1.handover.since',
      'hand_over_1.handover.durationMs',
      'hand_over_1.handover.variables',
    ])
  })

  it('a new node starts with the documented settings, and a field left out of a file takes the same default', () => {
    const d = documentedDefaults('hand_over', { message: '', note: '', returnAfter: '', notify: true, handsBack: [] })
    expect(d.newNode).toEqual(d.expectedNewNode)
    expect(d.leftOut).toEqual(d.expectedLeftOut)
  })
})
