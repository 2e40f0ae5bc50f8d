import { describe, expect, it } from 'vitest'
import { renderTemplate } from '../../shared/expr'
import { parseTestValue, previewVars, referencedPaths, sampleValueText } from './preview'

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
    expect(renderTemplate('{{customer_name}}: {{http_call_1.result.order.state}} ({{http_call_1.status}})', vars).text).toBe('Ada: delivered (200)')
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
})
