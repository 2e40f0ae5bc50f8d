import { describe, expect, it } from 'vitest'
import { documentedDefaults, portsOf, problemsOf, textPointersOf, variablesOf } from '../../analysis/testing/node'

describe('wait', () => {
  it.each([
    ['a duration', { duration: '2h 30m' }, []],
    ['no duration', { duration: 'soon' }, ['config.duration /duration']],
    ['too long', { duration: '400d' }, ['config.range /duration']],
    ['a time of day', { mode: 'time_of_day', time: '10:00', days: 1 }, []],
    ['not a time', { mode: 'time_of_day', time: '25:00', days: -1 }, ['config.time /time', 'config.range /days']],
    ['until, empty', { mode: 'until' }, ['config.required /until']],
    ['until, a wall time', { mode: 'until', until: '2026-12-01T10:00' }, []],
    ['until, an expression', { mode: 'until', until: '{{visit}}' }, []],
    ['until, no date', { mode: 'until', until: '31 April' }, ['config.time /until']],
    ['a zone that is none', { timeZone: 'Mars/Olympus' }, ['settings.time_zone /timeZone']],
    ['a zone from data', { timeZone: '{{tz}}' }, []],
    [
      'business hours that close before they open, on no day',
      { openHours: { enabled: true, from: '19:00', to: '09:00', days: [] } },
      ['config.range /openHours/to', 'config.required /openHours/days'],
    ],
  ])('%s', (_t, config, expected) => expect(problemsOf('wait', config)).toEqual(expected))

  it('has a failure port only when run-time values decide the instant', () => {
    expect(portsOf('wait', {})).toEqual(['out'])
    expect(portsOf('wait', { mode: 'until', until: '{{x}}' })).toEqual(['out', 'failure'])
  })

  it('saves when it ends and when it went on; takes {{ }} in until and the zone', () => {
    expect(variablesOf('wait', {})).toEqual(['wait_1.until', 'wait_1.woke_at'])
    expect(textPointersOf('wait', { mode: 'until' })).toEqual(['/until', '/timeZone'])
  })
})

describe('wait defaults', () => {
  it('a new node starts with the documented settings, and a field left out of a file takes the same default', () => {
    const d = documentedDefaults('wait', {
      mode: 'duration',
      duration: '1h',
      time: '10:00',
      days: 1,
      until: '',
      timeZone: '',
      openHours: { enabled: false, from: '09:00', to: '19:00', days: ['mon', 'tue', 'wed', 'thu', 'fri'] },
    })
    expect(d.newNode).toEqual(d.expectedNewNode)
    expect(d.leftOut).toEqual(d.expectedLeftOut)
  })
})
