import { describe, expect, it } from 'vitest'
import { documentedDefaults, problemsOf, textPointersOf } from '../../analysis/testing/node'

const base = { templateName: 'order_update', language: 'en_US' }
describe('template_message', () => {
  it('maps Header {{1}}, Body {{1..n}} and Button URL {{1}}', () => {
    expect(
      textPointersOf('template_message', {
        ...base,
        header: { type: 'text', param: '{{a}}' },
        bodyParams: ['{{b}}', '{{c}}'],
        buttonUrlParam: '{{d}}',
      }),
    ).toEqual(['/header/param', '/bodyParams/0', '/bodyParams/1', '/buttonUrlParam'])
  })
  it.each([
    ['valid', base, []],
    ['no name', { language: 'en' }, ['config.required /templateName']],
    ['upper-case name', { ...base, templateName: 'Order' }, ['config.template_name /templateName']],
    ['bad language', { ...base, language: 'english' }, ['config.language /language']],
    [
      'header parameter over 60',
      { ...base, header: { type: 'text', param: 'x'.repeat(61) } },
      ['limit.length /header/param'],
    ],
    ['empty body parameter', { ...base, bodyParams: [''] }, ['config.required /bodyParams/0']],
    ['media header needs a link', { ...base, header: { type: 'document' } }, ['config.required /header/mediaUrl']],
    [
      '11 quick replies',
      { ...base, quickReplies: Array.from({ length: 11 }, () => ({ payload: 'p' })) },
      ['limit.buttons_count /quickReplies'],
    ],
  ])('%s', (_t, config, expected) => expect(problemsOf('template_message', config)).toEqual(expected))
})

describe('template_message defaults', () => {
  it('a new node starts with the documented settings, and a field left out of a file takes the same default', () => {
    const d = documentedDefaults('template_message', {
      templateName: '',
      language: 'en_US',
      languages: {},
      category: 'UTILITY',
      header: { type: 'none', param: '', mediaUrl: '' },
      bodyParams: [],
      buttonUrlParam: '',
      quickReplies: [],
      noReplyWithin: '',
    })
    expect(d.newNode).toEqual(d.expectedNewNode)
    expect(d.leftOut).toEqual(d.expectedLeftOut)
  })
})
