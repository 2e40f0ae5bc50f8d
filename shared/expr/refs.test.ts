import { describe, expect, it } from 'vitest'
import { findVariableRefs, renameRoot } from './index'

describe('findVariableRefs', () => {
  it('finds plain and inner references with the offsets of their path text', () => {
    const t = 'Hi {{ customer_name }}: {{sum({{http_call_1.result.items.0.price}}, {{ tax }})}}'
    const refs = findVariableRefs(t)
    expect(refs.map((r) => r.path)).toEqual([
      ['customer_name'],
      ['http_call_1', 'result', 'items', '0', 'price'],
      ['tax'],
    ])
    expect(refs.map((r) => t.slice(r.start, r.end))).toEqual([
      'customer_name',
      'http_call_1.result.items.0.price',
      'tax',
    ])
  })
  it('ignores string literals, function names, keywords and escaped braces', () => {
    expect(findVariableRefs("{{concat('{{x}}', 'y')}} {{true}} \\{{z}}")).toEqual([])
  })
  it('still finds references in a placeholder with a syntax error', () => {
    expect(findVariableRefs('{{ {{a}} + + {{b}} }}').map((r) => r.path[0])).toEqual(['a', 'b'])
  })
})

describe('renameRoot', () => {
  it('rewrites plain and inner references of the old root only', () => {
    const t =
      "{{http_call_1.status}} {{ {{http_call_1}} }} {{if({{http_call_1.ok}}, 'http_call_1', {{http_call_10}})}} http_call_1 {{http_call_1x}}"
    expect(renameRoot(t, 'http_call_1', 'orders')).toEqual({
      text: "{{orders.status}} {{ {{orders}} }} {{if({{orders.ok}}, 'http_call_1', {{http_call_10}})}} http_call_1 {{http_call_1x}}",
      count: 3,
    })
  })
  it('leaves a text without references unchanged', () => {
    expect(renameRoot('no refs {{other}}', 'x', 'y')).toEqual({ text: 'no refs {{other}}', count: 0 })
  })
  it('does not touch a field named like the root', () => {
    expect(renameRoot('{{a.a}} {{b.a}}', 'a', 'c')).toEqual({ text: '{{c.a}} {{b.a}}', count: 1 })
  })
})
