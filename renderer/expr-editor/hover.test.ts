import { describe, expect, it } from 'vitest'
import { example } from '../../shared/analysis/testing/examples'
import { scopeAt } from './context'
import { hoverText } from './hover'

const { vars } = scopeAt(example('order-status'), 'n_found')

describe('hoverText', () => {
  const text = '{{round({{order_lookup.status}}) >= 2 && true}} {{nobody}}'
  it('documents the function under the pointer', () => {
    const h = hoverText(text, text.indexOf('round') + 1, vars)!
    expect(h).toMatchObject({ from: 2, to: 7 })
    expect(h.lines[0]).toMatch(/^round\(/)
  })

  it('documents a variable with its type, and says when nothing sets it', () => {
    expect(hoverText(text, text.indexOf('order_lookup') + 3, vars)!.lines[0]).toBe('{{order_lookup.status}} · number')
    expect(hoverText(text, text.indexOf('nobody'), vars)!.lines[1]).toBe(
      'Not set by anything that runs before this node',
    )
  })

  it('documents operators and keywords, and nothing in plain text', () => {
    expect(hoverText(text, text.indexOf('>='), vars)!.lines[1]).toBe('Greater than or equal')
    expect(hoverText(text, text.indexOf('true'), vars)!.lines[0]).toBe('true · Keywords')
    expect(hoverText(text, text.indexOf('}} {{') + 2, vars)).toBeNull()
  })
})
