import { describe, expect, it } from 'vitest'
import type { ConditionRule } from '../expr'
import { conditionDeadPorts, routerDeadPorts, type Group, type Route } from './guards'

const r = (left: string, operator: ConditionRule['operator'], right?: string): ConditionRule => ({
  left,
  operator,
  ...(right !== undefined ? { right } : {}),
})
const and = (...rules: ConditionRule[]): Group => ({ join: 'and', rules, emptyHolds: true })
const or = (...rules: ConditionRule[]): Group => ({ join: 'or', rules, emptyHolds: true })
const route = (id: string, group: Group): Route => ({ id, name: id, group: { ...group, emptyHolds: false } })

describe('a condition whose true port can never be taken', () => {
  it.each<[string, Group]>([
    ['two different equals', and(r('{{x}}', 'equals', 'a'), r('{{x}}', 'equals', 'b'))],
    ['equals and not equals the same', and(r('{{x}}', 'equals', 'a'), r('{{ x }}', 'not_equals', 'a'))],
    ['an empty numeric interval', and(r('{{age}}', 'greater_than', '5'), r('{{age}}', 'less_than', '3'))],
    ['a closed interval of one open end', and(r('{{age}}', 'greater_or_equal', '18'), r('{{age}}', 'less_than', '18'))],
    ['a number equal outside its bounds', and(r('{{n}}', 'equals', '7'), r('{{n}}', 'greater_than', '10'))],
    ['empty and not empty', and(r('{{x}}', 'is_empty'), r('{{x}}', 'is_not_empty'))],
    ['empty and holding text', and(r('{{x}}', 'is_empty'), r('{{x}}', 'contains', 'a'))],
    ['a text equal and a needle it lacks', and(r('{{x}}', 'equals', 'Haircut'), r('{{x}}', 'contains', 'nail'))],
    ['a text equal and a prefix it lacks', and(r('{{x}}', 'equals', 'book'), r('{{x}}', 'starts_with', 'cook'))],
    ['two prefixes that disagree', and(r('{{x}}', 'starts_with', 'ab'), r('{{x}}', 'starts_with', 'ac'))],
    ['two suffixes that disagree', and(r('{{x}}', 'ends_with', '.com'), r('{{x}}', 'ends_with', '.org'))],
    ['contains and not contains, any case', and(r('{{x}}', 'contains', 'Yes'), r('{{x}}', 'not_contains', 'yes'))],
    ['a number and a text', and(r('{{x}}', 'greater_than', '3'), r('{{x}}', 'equals', 'abc'))],
    ['not contains the empty text', and(r('{{x}}', 'not_contains', ''))],
    ['a comparison with an empty value', and(r('{{x}}', 'greater_than', ''))],
    ['constants that differ', and(r('1', 'equals', '2'))],
    ['an OR of impossible rules', or(r('{{x}}', 'greater_than', ''), r('a', 'equals', 'b'))],
    [
      'a length below zero',
      and(r('{{ length({{name}}) }}', 'less_than', '0'), r('{{ length({{name}}) }}', 'greater_than', '-5')),
    ],
    ['a constant on the left, flipped', and(r('18', 'less_than', '{{age}}'), r('{{age}}', 'less_than', '10'))],
    ['not greater once a number', and(r('{{n}}', 'equals', '20'), r('{{n}}', 'not_equals', '20.0'))],
  ])('%s', (_name, group) => {
    const dead = conditionDeadPorts(group)
    expect(dead.map((d) => d.port)).toContain('true')
  })

  it('names the two rules that clash', () => {
    const [dead] = conditionDeadPorts(and(r('{{age}}', 'greater_than', '5'), r('{{age}}', 'less_than', '3')))
    expect(dead!.reason).toBe('its rules can never hold: {{age}} > 5 and {{age}} < 3 cannot both hold')
  })
})

describe('rules that may hold are never reported', () => {
  it.each<[string, Group]>([
    ['equal numbers written differently', and(r('{{n}}', 'equals', '18'), r('{{n}}', 'equals', '18.0'))],
    ['a prefix and a longer one', and(r('{{x}}', 'starts_with', 'ab'), r('{{x}}', 'starts_with', 'abc'))],
    ['two needles', and(r('{{x}}', 'contains', 'a'), r('{{x}}', 'contains', 'b'))],
    ['contains one needle, not a longer one', and(r('{{x}}', 'contains', 'ab'), r('{{x}}', 'not_contains', 'abc'))],
    ['a text equal ignoring spaces around', and(r('{{x}}', 'equals', 'book'), r('{{x}}', 'starts_with', 'book '))],
    ['a not-greater on text', and(r('{{x}}', 'not_equals', '5'), r('{{x}}', 'less_or_equal', 'b'))],
    ['rules on two variables', and(r('{{a}}', 'equals', '1'), r('{{b}}', 'equals', '2'))],
    ['two variables compared', and(r('{{a}}', 'greater_than', '{{b}}'), r('{{a}}', 'less_than', '{{b}}'))],
    ['a list compared as JSON', and(r('{{x}}', 'equals', '[]'), r('{{x}}', 'is_empty'))],
    ['an interval with room', and(r('{{n}}', 'greater_or_equal', '18'), r('{{n}}', 'less_or_equal', '18'))],
  ])('%s', (_name, group) => {
    expect(conditionDeadPorts(group).map((d) => d.port)).not.toContain('true')
  })
})

describe('a condition that always holds', () => {
  it.each<[string, Group]>([
    ['empty or not empty', or(r('{{x}}', 'is_empty'), r('{{x}}', 'is_not_empty'))],
    ['equals or not equals', or(r('{{x}}', 'equals', 'a'), r('{{x}}', 'not_equals', 'a'))],
    ['contains the empty text', and(r('{{x}}', 'contains', ''))],
    ['constants that are equal', and(r('yes', 'equals', 'yes'))],
  ])('%s: its false port is dead', (_name, group) => {
    expect(conditionDeadPorts(group).map((d) => d.port)).toEqual(['false'])
  })
})

describe('router routes', () => {
  it('a route after one that always holds, and else, are dead', () => {
    const routes = [
      route('any', or(r('{{x}}', 'is_empty'), r('{{x}}', 'is_not_empty'))),
      route('b', and(r('{{x}}', 'equals', 'b'))),
    ]
    const dead = routerDeadPorts(routes)
    expect(dead).toEqual([
      { port: 'b', reason: "route 'any' above it always holds ({{x}} is empty or {{x}} is not empty)" },
      { port: 'else', reason: "route 'any' always holds ({{x}} is empty or {{x}} is not empty)" },
    ])
  })

  it('a route shadowed by an earlier, wider one', () => {
    const routes = [
      route('adults', and(r('{{age}}', 'greater_or_equal', '18'))),
      route('seniors', and(r('{{age}}', 'greater_or_equal', '65'))),
    ]
    expect(routerDeadPorts(routes)).toEqual([
      {
        port: 'seniors',
        reason: "route 'adults' above it takes every run it would: whenever {{age}} ≥ 65, also {{age}} ≥ 18",
      },
    ])
  })

  it('a route whose AND group contains the whole earlier group', () => {
    const routes = [
      route('hair', or(r('{{row_id}}', 'equals', 'haircut'), r('{{row_id}}', 'equals', 'colour'))),
      route('haircut_vip', and(r('{{row_id}}', 'equals', 'haircut'), r('{{vip}}', 'equals', 'true'))),
    ]
    expect(routerDeadPorts(routes).map((d) => d.port)).toEqual(['haircut_vip'])
  })

  it('else is dead when the routes split every case between them', () => {
    const routes = [
      route('small', and(r('{{n}}', 'less_than', '10'))),
      route('big', and(r('{{n}}', 'greater_or_equal', '10'))),
      route('text', and(r('{{n}}', 'is_not_empty'))),
    ]
    // {{n}} may be text that is no number: then neither numeric route holds, 'text' does, and else needs it empty.
    expect(routerDeadPorts(routes).map((d) => d.port)).toEqual([])
    const covering = [route('empty', and(r('{{n}}', 'is_empty'))), route('rest', and(r('{{n}}', 'is_not_empty')))]
    expect(routerDeadPorts(covering)).toEqual([
      { port: 'else', reason: "the routes cover every case ('empty', 'rest')" },
    ])
  })

  it('a route without rules never matches', () => {
    expect(routerDeadPorts([route('todo', and())])[0]).toEqual({
      port: 'todo',
      reason: "route 'todo' has no rules, and a route without rules never matches",
    })
  })

  it('finite domains decide what literals alone cannot', () => {
    const routes = [
      route('hair', or(r('{{row_id}}', 'equals', 'haircut'), r('{{row_id}}', 'equals', 'colour'))),
      route('nails', and(r('{{row_id}}', 'ends_with', 'cure'))),
    ]
    expect(routerDeadPorts(routes)).toEqual([])
    const domains = new Map([['row_id', ['haircut', 'colour', 'manicure', 'pedicure']]])
    expect(routerDeadPorts(routes, domains)).toEqual([
      { port: 'else', reason: "the routes cover every case ('hair', 'nails')" },
    ])
  })
})
