// Every example of the spec's expression section (../shared/spec/flow-service.md) and its session rules.
import { describe, expect, it } from 'vitest'
import { checkTemplate, evaluateRules, renderTemplate } from './index'

describe('spec: Expression and condition syntax', () => {
  const vars = {
    name: 'Asha', price: '100', tax: '18', age: '21',
    node: { field: { subfield: 'deep' } },
    http_call_1: { status: 200, result: { id: 'R1' } },
    trigger_1: { ad: { headline: 'Winter sale' } },
    order: { catalog_id: 'CAT-9' },
  }
  it.each([
    ['{{name}}', 'Asha'],
    ['{{node.field.subfield}}', 'deep'],
    ['{{{{price}} * 1.18}}', '118'],
    ['{{sum({{price}}, {{tax}})}}', '118'],
    ["{{if({{age}} >= 18, 'Adult', 'Minor')}}", 'Adult'],
    ['{{http_call_1.status}} {{http_call_1.result.id}}', '200 R1'],
    ['{{trigger_1.ad.headline}} {{order.catalog_id}}', 'Winter sale CAT-9'],
  ])('%s renders %s', (template, text) => {
    expect(checkTemplate(template)).toEqual([])
    expect(renderTemplate(template, vars)).toEqual({ text, errors: [] })
  })
  it('answers typed by a customer are text, and arithmetic still works on them', () => {
    expect(renderTemplate("{{if({{age}} >= 18, 'Adult', 'Minor')}}", { age: '17' }).text).toBe('Minor')
  })
  it('variables are case sensitive', () => {
    expect(renderTemplate('{{Name}}|{{name}}', { name: 'a', Name: 'B' }).text).toBe('B|a')
  })
  it('an unset variable yields an empty string and raises no error', () => {
    expect(renderTemplate('Hi {{customer_name}}!', {})).toEqual({ text: 'Hi !', errors: [] })
  })
  it('the guard of the Errors section: a Condition checks the variable is not empty', () => {
    const rule = { left: '{{email}}', operator: 'is_not_empty' as const }
    expect(evaluateRules([rule], 'and', {}).result).toBe(false)
    expect(evaluateRules([rule], 'and', { email: 'a@b.c' }).result).toBe(true)
  })
  it('Router rules combine with AND (all true) or OR (any true)', () => {
    const rules = [
      { left: '{{age}}', operator: 'greater_or_equal' as const, right: '18' },
      { left: '{{country}}', operator: 'equals' as const, right: 'IN' },
    ]
    expect(evaluateRules(rules, 'and', { age: '20', country: 'US' }).result).toBe(false)
    expect(evaluateRules(rules, 'or', { age: '20', country: 'US' }).result).toBe(true)
  })
})
