// evaluate() keeps the raw value of a template that is one placeholder; compileTemplate parses once.
import { describe, expect, it } from 'vitest'
import { compileTemplate, evaluateTemplate, FUNCTION_DOCS, renderTemplate } from './index'
import { FIXTURE_VARS } from './testing/fixtures'

describe('evaluateTemplate', () => {
  it.each([
    ['{{age_num}}', 21],
    ['{{age}}', '21'],
    ['{{ {{age}} * 2 }}', 42],
    ['{{ {{price}} * 1.18 }}', 118],
    ['{{ {{age}} >= 18 }}', true],
    ['  {{http_call_1.result.order}} ', { id: 'ORD-1', status: 'shipped' }],
    ['{{tags}}', ['VIP', 'new']],
    ['{{missing}}', ''],
    ['{{null}}', ''],
    ['n = {{age_num}}', 'n = 21'],
    ['{{age_num}}{{age_num}}', '2121'],
    ['plain', 'plain'],
  ])('%s', (template, value) => {
    expect(evaluateTemplate(template, FIXTURE_VARS)).toEqual({ value, errors: [] })
  })
  it('yields an empty value and the error when the placeholder fails', () => {
    const r = evaluateTemplate('{{ 1 / {{zero}} }}', FIXTURE_VARS)
    expect(r.value).toBe('')
    expect(r.errors.map((e) => e.code)).toEqual(['division-by-zero'])
  })
})

describe('compileTemplate', () => {
  it('parses once and renders against different sessions', () => {
    const t = compileTemplate("{{if({{age}} >= 18, 'Adult', 'Minor')}} {{name}}")
    expect(t.diagnostics).toEqual([])
    expect(t.refs.map((r) => r.path.join('.'))).toEqual(['age', 'name'])
    expect(t.render({ age: '30', name: 'A' }).text).toBe('Adult A')
    expect(t.render({ age: 12 }).text).toBe('Minor ')
  })
  it('renders a placeholder with a static error as empty and reports it on every render', () => {
    const t = compileTemplate('a {{ nope(1) }} b {{x}}')
    expect(t.render({ x: 1 })).toMatchObject({ text: 'a  b 1', errors: [{ code: 'unknown-function' }] })
    expect(t.render({ x: 2 }).errors).toHaveLength(1)
  })
  it('renders an unclosed placeholder as written and reports it', () => {
    expect(renderTemplate('Hi {{name', { name: 'x' })).toMatchObject({
      text: 'Hi {{name',
      errors: [{ code: 'unclosed-placeholder' }],
    })
  })
})

describe('FUNCTION_DOCS', () => {
  it('documents every function of the spec, with a working example', () => {
    const names = FUNCTION_DOCS.map((d) => d.name).sort()
    expect(names).toEqual(
      [
        'abs',
        'avg',
        'ceil',
        'coalesce',
        'concat',
        'floor',
        'if',
        'ifEmpty',
        'length',
        'max',
        'min',
        'round',
        'sum',
        'toLowerCase',
        'toUpperCase',
        'trim',
      ].sort(),
    )
    const vars = { price: 250, tax: 45.5, age: 21, email: '', first: 'Asha', last: 'Verma', customer_name: 'Asha' }
    for (const d of FUNCTION_DOCS) {
      expect(d.description.length, d.name).toBeGreaterThan(10)
      expect(d.signature.startsWith(`${d.name}(`), d.name).toBe(true)
      const [template, shown] = d.example.split(' → ') as [string, string]
      expect(template, d.name).toContain(`${d.name}(`)
      expect(renderTemplate(template, vars), d.example).toEqual({ text: shown, errors: [] })
    }
  })
})
