import { describe, expect, it } from 'vitest'
import { completionContext, highlightTemplate } from './index'

const show = (t: string) => highlightTemplate(t).map((s) => `${s.kind}:${t.slice(s.start, s.end)}`)

describe('highlightTemplate', () => {
  it('classifies text, braces, variables, functions, literals and operators', () => {
    expect(show("Hi {{name}}: {{if({{age}} >= 18, 'Adult', true)}}")).toEqual([
      'text:Hi ',
      'brace:{{',
      'variable:name',
      'brace:}}',
      'text:: ',
      'brace:{{',
      'function:if',
      'punctuation:(',
      'brace:{{',
      'variable:age',
      'brace:}}',
      'operator:>=',
      'number:18',
      'punctuation:,',
      "string:'Adult'",
      'punctuation:,',
      'keyword:true',
      'punctuation:)',
      'brace:}}',
    ])
  })
  it('marks unknown functions, bare names and an unclosed placeholder as invalid', () => {
    expect(show('{{ nope(x) }} {{y')).toEqual([
      'brace:{{',
      'invalid:nope',
      'punctuation:(',
      'invalid:x',
      'punctuation:)',
      'brace:}}',
      'text: ',
      'invalid:{{y',
    ])
  })
})

describe('completionContext', () => {
  const at = (marked: string) => {
    const offset = marked.indexOf('|')
    return completionContext(marked.replace('|', ''), offset)
  }
  it.each([
    ['Hello |', { kind: 'text' }],
    ['Hello {{|', { kind: 'variable', parent: [], partial: '', from: 8, to: 8 }],
    ['Hello {{cus|', { kind: 'variable', parent: [], partial: 'cus', from: 8, to: 11 }],
    ['Hello {{cus|tomer}} x', { kind: 'variable', parent: [], partial: 'cus', from: 8, to: 16 }],
    [
      '{{ http_call_1.result.it|',
      { kind: 'variable', parent: ['http_call_1', 'result'], partial: 'it', from: 22, to: 24 },
    ],
    ['{{ {{a}} * {{pri|', { kind: 'variable', parent: [], partial: 'pri', from: 13, to: 16 }],
    ['{{sum({{order.|}})}}', { kind: 'variable', parent: ['order'], partial: '', from: 14, to: 14 }],
    ['{{ {{a}} + ro|', { kind: 'expression', partial: 'ro', from: 11, to: 13 }],
    ['{{ if(|', { kind: 'expression', partial: '', from: 6, to: 6 }],
    ["{{ concat('ab|", { kind: 'none' }],
    ['{{a}} after |', { kind: 'text' }],
  ] as [string, unknown][])('%s', (marked, want) => {
    expect(at(marked)).toEqual(want)
  })
})
