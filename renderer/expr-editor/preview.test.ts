import { describe, expect, it } from 'vitest'
import { renderTemplate } from '../../shared/expr'
import { baseValues, parseTestValue, previewVars, referencedPaths, sampleValueText, valueOrigin } from './preview'

const samples = { http_call_1: { status: 200, result: { order: { state: 'shipped', items: [{ sku: 'TEA' }] } } } }

describe('preview values', () => {
  it('lists each variable the text reads once, inner braces included', () => {
    expect(referencedPaths('{{a}} {{sum({{b.c}}, {{a}})}} {{if({{d}} > 1, "x", "y")}}')).toEqual(['a', 'b.c', 'd'])
  })

  it('reads numbers and booleans as such, everything else as text', () => {
    expect(parseTestValue('42')).toBe(42)
    expect(parseTestValue('-1.5')).toBe(-1.5)
    expect(parseTestValue('true')).toBe(true)
    expect(parseTestValue('007a')).toBe('007a')
    expect(parseTestValue('')).toBe('')
  })

  it('overlays typed values on a copy of the samples, never on the flow document', () => {
    const vars = previewVars(samples, { customer_name: 'Ada', 'http_call_1.result.order.state': 'delivered' })
    expect(
      renderTemplate('{{customer_name}}: {{http_call_1.result.order.state}} ({{http_call_1.status}})', vars).text,
    ).toBe('Ada: delivered (200)')
    expect(samples.http_call_1.result.order.state).toBe('shipped')
  })

  it('refuses prototype keys in typed paths', () => {
    const vars = previewVars({}, { '__proto__.polluted': 'yes' })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.keys(vars)).toEqual([])
  })

  it('shows a sample value as the default test value', () => {
    expect(sampleValueText(samples, 'http_call_1.status')).toBe('200')
    expect(sampleValueText(samples, 'http_call_1.result.order.items')).toBe('[{"sku":"TEA"}]')
    expect(sampleValueText(samples, 'http_call_1.nothing')).toBe('')
  })

  it('agrees with the engine on runtime errors (the preview shows them beside the value)', () => {
    const r = renderTemplate('{{round({{x}})}}', previewVars({}, { x: 'abc' }))
    expect(r.errors.length).toBeGreaterThan(0)
  })

  describe('value sources', () => {
    const session = { age: 12, customer_name: 'Test Customer', http_call_1: { status: 404 } }

    it('lays the emulator session over the samples when chosen, samples only otherwise', () => {
      const text = '{{customer_name}} {{age}} {{http_call_1.status}} {{http_call_1.result.order.state}}'
      expect(renderTemplate(text, previewVars(baseValues(samples, session, 'session'), {})).text).toBe(
        'Test Customer 12 404 ',
      )
      expect(renderTemplate(text, previewVars(baseValues(samples, session, 'samples'), {})).text).toBe('  200 shipped')
      // Without a session the choice falls back to the samples.
      expect(baseValues(samples, null, 'session')).toEqual(samples)
    })

    it('typed test values win over both sources, and neither source is changed', () => {
      const vars = previewVars(baseValues(samples, session, 'session'), { age: '40' })
      expect(renderTemplate('{{age}} {{customer_name}}', vars).text).toBe('40 Test Customer')
      expect(session.age).toBe(12)
      expect(samples.http_call_1.status).toBe(200)
    })

    it('says where each value comes from', () => {
      expect(valueOrigin(samples, session, 'session', 'age')).toBe('session')
      expect(valueOrigin(samples, session, 'session', 'http_call_1.result.order.state')).toBe('sample')
      expect(valueOrigin(samples, session, 'samples', 'http_call_1.status')).toBe('sample')
      expect(valueOrigin(samples, session, 'samples', 'age')).toBeNull()
      expect(sampleValueText(baseValues(samples, session, 'session'), 'http_call_1.status')).toBe('404')
    })
  })
})
