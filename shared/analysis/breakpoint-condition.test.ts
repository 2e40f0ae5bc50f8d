import { describe, expect, it } from 'vitest'
import { evaluateTemplate, truthy } from '../expr'
import { conditionExpression, conditionProblem } from './breakpoint-condition'

describe('breakpoint conditions', () => {
  it('reads the issue’s form, variables in braces and the comparison outside, as one expression', () => {
    const c = conditionExpression('{{cart_total}} > 100')
    expect(c).toBe('{{ {{cart_total}} > 100 }}')
    expect(conditionProblem(c)).toBeNull()
    expect(truthy(evaluateTemplate(c, { cart_total: 150 }).value)).toBe(true)
    expect(truthy(evaluateTemplate(c, { cart_total: 50 }).value)).toBe(false)
  })

  it('keeps one placeholder as written, and blank as none', () => {
    expect(conditionExpression('  {{ {{a}} == 1 }} ')).toBe('{{ {{a}} == 1 }}')
    expect(conditionExpression('{{flag}}')).toBe('{{flag}}')
    expect(conditionExpression('   ')).toBe('')
  })

  it('says why a condition does not parse, pointing at the variable a bare name meant', () => {
    expect(conditionProblem(conditionExpression('cart_total > 100'))).toContain('did you mean {{cart_total}}')
    expect(conditionProblem(conditionExpression('{{name'))).toContain('never closed')
    expect(conditionProblem(conditionExpression('{{ {{a}} >'))).toMatch(/does not parse/)
  })
})
