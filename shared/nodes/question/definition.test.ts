import { describe, expect, it } from 'vitest'
import { documentedDefaults, portsOf, problemsOf, variablesOf } from '../../analysis/testing/node'
import { questionDefinition } from './definition'

describe('question', () => {
  it('waits, answers on out, gives up on failure, saves to its variable', () => {
    expect(portsOf('question', {})).toEqual(['out', 'failure'])
    expect(variablesOf('question', { saveTo: 'age', answerType: 'number' }, 'ask_age')).toEqual([
      'age',
      'ask_age.answer',
      'ask_age.typed',
      'ask_age.attempts',
    ])
  })
  it.each([
    ['valid', { prompt: 'Age?', saveTo: 'age', answerType: 'number', min: 0, max: 120 }, []],
    ['no prompt, no variable', {}, ['config.required /prompt', 'config.required /saveTo']],
    ['bad variable name', { prompt: 'x', saveTo: 'my age' }, ['config.variable_name /saveTo']],
    ['choice without choices', { prompt: 'x', saveTo: 'a', answerType: 'choice' }, ['config.required /choices']],
    ['broken regex', { prompt: 'x', saveTo: 'a', answerType: 'regex', pattern: '([a-z' }, ['config.pattern /pattern']],
    [
      'a look-around, which the linear-time engine cannot run',
      { prompt: 'x', saveTo: 'a', answerType: 'regex', pattern: '\\d+(?=x)' },
      ['config.pattern /pattern'],
    ],
    [
      'nested repetition is fine: the hosts fall back to linear time',
      { prompt: 'x', saveTo: 'a', answerType: 'regex', pattern: '(\\w+\\s?)+' },
      [],
    ],
    ['min above max', { prompt: 'x', saveTo: 'a', min: 5, max: 1 }, ['config.range /min']],
    ['attempts out of range', { prompt: 'x', saveTo: 'a', maxAttempts: 11 }, ['config.range /maxAttempts']],
    [
      'retries need a retry message',
      { prompt: 'x', saveTo: 'a', retryMessage: '', maxAttempts: 2 },
      ['config.required /retryMessage'],
    ],
    ['one attempt needs no retry message', { prompt: 'x', saveTo: 'a', retryMessage: '', maxAttempts: 1 }, []],
    [
      'date bounds, fixed and relative',
      { prompt: 'x', saveTo: 'a', answerType: 'date', notBefore: 'today+1', notAfter: '2026-12-31' },
      [],
    ],
    [
      'date bounds that are not days',
      { prompt: 'x', saveTo: 'a', answerType: 'date', notBefore: 'next week', notAfter: '2026-02-30' },
      ['config.date_bound /notBefore', 'config.date_bound /notAfter'],
    ],
  ])('%s', (_t, config, expected) => expect(problemsOf('question', config)).toEqual(expected))

  it("describes the saved value's form for the Expression Builder", () => {
    const spec = (answerType: string) =>
      questionDefinition.variables(questionDefinition.configSchema.parse({ saveTo: 'a', answerType }), 'q')[0]
    expect(spec('date')).toMatchObject({ type: 'string', format: 'date, YYYY-MM-DD' })
    expect(spec('datetime')).toMatchObject({ type: 'string', format: 'date and time, ISO 8601 with offset' })
    expect(spec('phone')).toMatchObject({ type: 'string', format: 'phone, E.164' })
    expect(spec('number')).toEqual({ path: 'a', description: 'Answer to: ', type: 'number' })
  })
})

describe('question defaults', () => {
  it('a new node starts with the documented settings, and a field left out of a file takes the same default', () => {
    const d = documentedDefaults('question', {
      prompt: '',
      saveTo: '',
      answerType: 'text',
      choices: [],
      pattern: '',
      min: null,
      max: null,
      future: false,
      notBefore: '',
      notAfter: '',
      retryMessage: "Sorry, I didn't get that. Please try again.",
      explainRefusal: true,
      maxAttempts: 3,
      noReplyWithin: '',
    })
    expect(d.newNode).toEqual(d.expectedNewNode)
    expect(d.leftOut).toEqual(d.expectedLeftOut)
  })
})
