import { describe, expect, it } from 'vitest'
import { MessageTemplateSchema, paramCount, templateProblems } from './run-template'

const base = MessageTemplateSchema.parse({
  name: 'order_update',
  language: 'en_US',
  category: 'UTILITY',
  header: { type: 'text', text: 'Order {{1}}' },
  body: 'Hi {{1}}, your order {{2}} ships on {{3}}.',
  footer: 'Reply STOP to opt out',
  buttons: [
    { type: 'url', text: 'Track', url: 'https://shop.example.com/track/{{1}}' },
    { type: 'phone', text: 'Call us', phone: '+919800000001' },
    { type: 'quick_reply', text: 'Thanks' },
    { type: 'quick_reply', text: 'Talk to agent' },
  ],
})

describe('template rules', () => {
  it('accepts a template within every limit and counts its parameters', () => {
    expect(templateProblems(base)).toEqual([])
    expect(paramCount(base.body)).toBe(3)
    expect(paramCount('no params')).toBe(0)
  })

  it.each([
    ['a gap in body parameters', { body: 'Hi {{1}} and {{3}}' }, 'without gaps'],
    ['a second header parameter', { header: { type: 'text' as const, text: '{{1}} {{2}}' } }, 'at most one parameter'],
    ['a parameter in the footer', { footer: 'Bye {{1}}' }, 'footer cannot hold'],
    ['a body over 1024 characters', { body: 'x'.repeat(1025) }, 'at most 1024'],
    [
      'a URL parameter not at the end',
      { buttons: [{ type: 'url' as const, text: 'Go', url: 'https://x.test/{{1}}/more' }] },
      'only at its end',
    ],
    ['a label over 25 characters', { buttons: [{ type: 'quick_reply' as const, text: 'x'.repeat(26) }] }, 'at most 25'],
    [
      'two phone buttons',
      {
        buttons: [
          { type: 'phone' as const, text: 'A', phone: '+10000000001' },
          { type: 'phone' as const, text: 'B', phone: '+10000000002' },
        ],
      },
      'phone buttons',
    ],
    [
      'split quick replies',
      {
        buttons: [
          { type: 'quick_reply' as const, text: 'A' },
          { type: 'url' as const, text: 'U', url: 'https://x.test' },
          { type: 'quick_reply' as const, text: 'B' },
        ],
      },
      'one group',
    ],
    [
      'eleven buttons',
      { buttons: Array.from({ length: 11 }, (_, i) => ({ type: 'quick_reply' as const, text: `B${i}` })) },
      'at most 10',
    ],
  ])('refuses %s', (_label, patch, message) => {
    const problems = templateProblems({ ...base, ...patch })
    expect(problems.join(' ')).toContain(message)
  })
})
