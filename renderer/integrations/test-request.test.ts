import { describe, expect, it } from 'vitest'
import { httpCallDefinition } from '../../shared/nodes/http_call/definition'
import { initialValue, rememberValues, rememberedValues, requestVariables, requestVars, showBody } from './test-request'

const config = (patch: Partial<ReturnType<typeof httpCallDefinition.defaults>>) => ({
  ...httpCallDefinition.defaults(),
  ...patch,
})

describe('Test request helpers', () => {
  it('lists every variable the call reads, across URL, query, headers, body and auth, each once', () => {
    const c = config({
      url: '{{api_base}}/orders/{{order_id}}',
      query: [{ key: 'lang', value: '{{lang}}' }],
      headers: [{ key: 'x-trace', value: '{{order_id}}-{{upper({{customer_name}})}}' }],
      bodyType: 'json',
      body: '{"total": {{http_call_0.result.total}}}',
      auth: { ...httpCallDefinition.defaults().auth, type: 'bearer', token: '{{token}}' },
    })
    expect(requestVariables(c)).toEqual([
      'api_base',
      'order_id',
      'customer_name',
      'lang',
      'http_call_0.result.total',
      'token',
    ])
    expect(requestVariables(config({ url: 'https://x.test/a' }))).toEqual([])
  })

  it('prefills from what was typed last, else from the samples', () => {
    const samples = { http_call_0: { result: { total: 12.5, items: [1, 2] } } }
    expect(initialValue('http_call_0.result.total', samples, {})).toBe('12.5')
    expect(initialValue('http_call_0.result.items', samples, {})).toBe('[1,2]')
    expect(initialValue('order_id', samples, {})).toBe('')
    expect(initialValue('http_call_0.result.total', samples, { 'http_call_0.result.total': '3' })).toBe('3')
    rememberValues('f/n', { order_id: 'A1' })
    rememberValues('f/n', { lang: 'en' })
    expect(rememberedValues('f/n')).toEqual({ order_id: 'A1', lang: 'en' })
    expect(rememberedValues('f/other')).toEqual({})
  })

  it('turns typed values into session variables over the samples, numbers kept numbers', () => {
    const vars = requestVars(
      { http_call_0: { result: { total: 1, id: 'x' } } },
      { 'http_call_0.result.total': '42', order_id: 'A1' },
    )
    expect(vars).toEqual({ http_call_0: { result: { total: 42, id: 'x' } }, order_id: 'A1' })
  })

  it('shows JSON pretty-printed and text as it came', () => {
    expect(showBody({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}')
    expect(showBody('plain')).toBe('plain')
    expect(showBody(null)).toBe('null')
  })
})
