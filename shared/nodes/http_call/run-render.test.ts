import { describe, expect, it } from 'vitest'
import { createRenderer } from '../../engine/render'
import { renderForm, renderJson, renderUrl } from './run-render'

const vars = {
  base: 'https://api.example.com/v1',
  id: 'a/b?c=d#e',
  name: 'Zoë "Z" \\',
  n: 3,
  obj: { a: [1, 2] },
  flag: true,
}
const r = createRenderer(vars)

describe('placeholders rendered for their place', () => {
  it('percent-encodes URL placeholders but keeps a leading base placeholder as written', () => {
    expect(renderUrl('{{base}}/orders/{{id}}', r)).toBe('https://api.example.com/v1/orders/a%2Fb%3Fc%3Dd%23e')
    expect(renderUrl('https://x.test/q?name={{name}}', r)).toBe('https://x.test/q?name=Zo%C3%AB%20%22Z%22%20%5C')
  })

  it('escapes inside JSON strings and writes typed JSON values outside them', () => {
    const body = renderJson(
      '{"s": "hi {{name}}", "n": {{n}}, "o": {{obj}}, "f": {{flag}}, "u": {{unset}}, "esc": "\\"{{n}}\\""}',
      r,
    )
    expect(JSON.parse(body)).toEqual({ s: `hi ${vars.name}`, n: 3, o: { a: [1, 2] }, f: true, u: null, esc: '"3"' })
  })

  it('form-encodes form body placeholders', () => {
    expect(renderForm('q={{id}}&n={{n}}', r)).toBe('q=a%2Fb%3Fc%3Dd%23e&n=3')
  })
})
