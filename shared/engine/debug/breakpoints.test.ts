import { describe, expect, it } from 'vitest'
import { conditionHolds, conditionProblem, conditionTemplate, hitBreakpoint } from './breakpoints'
import type { Breakpoint } from './types'

describe('breakpoint conditions', () => {
  it('read text around placeholders as one expression, and a single placeholder as itself', () => {
    expect(conditionTemplate('{{cart_total}} > 100')).toBe('{{ {{cart_total}} > 100 }}')
    expect(conditionTemplate(' {{ {{a}} == 1 }} ')).toBe('{{ {{a}} == 1 }}')
    expect(conditionTemplate('{{flag}}')).toBe('{{flag}}')
  })

  it('hold on the run variables by the expression language truth', () => {
    expect(conditionHolds('{{cart_total}} > 100', { cart_total: 150 })).toEqual({ holds: true })
    expect(conditionHolds('{{cart_total}} > 100', { cart_total: '99' })).toEqual({ holds: false })
    expect(conditionHolds('{{flag}}', { flag: 'false' })).toEqual({ holds: false })
    expect(conditionHolds('{{ {{a}} == 1 && {{b}} == 2 }}', { a: 1, b: 2 })).toEqual({ holds: true })
  })

  it('name what does not parse, and an error while evaluating is not a hit', () => {
    expect(conditionProblem('{{cart_total > 100}}')).toMatch(/cart_total/)
    expect(conditionProblem('{{ {{a}} >')).not.toBeNull()
    expect(conditionProblem('  ')).toBe('The condition is empty.')
    expect(conditionProblem('{{cart_total}} > 100')).toBeNull()
    expect(conditionHolds('{{ nosuchfunction(1) }}', {}).holds).toBe(false)
  })

  it('match node breakpoints by node, edge breakpoints by the edge taken, enabled ones only', () => {
    const bps: Breakpoint[] = [
      { id: 'a', at: { kind: 'node', nodeId: 'n1' }, enabled: false },
      { id: 'b', at: { kind: 'edge', edgeId: 'e1' }, enabled: true },
      { id: 'c', at: { kind: 'node', nodeId: 'n1' }, enabled: true, condition: '{{x}} == 1' },
    ]
    expect(hitBreakpoint(bps, { nodeId: 'n1', flowId: 'f', depth: 0 }, { x: 2 })).toBeNull()
    expect(hitBreakpoint(bps, { nodeId: 'n1', flowId: 'f', depth: 0 }, { x: 1 })?.id).toBe('c')
    expect(hitBreakpoint(bps, { nodeId: 'n2', flowId: 'f', edgeId: 'e1', depth: 0 }, {})?.id).toBe('b')
    expect(hitBreakpoint(bps, { nodeId: 'n2', flowId: 'f', depth: 0 }, {})).toBeNull()
  })
})
