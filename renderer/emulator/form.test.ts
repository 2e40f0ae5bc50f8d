import { describe, expect, it } from 'vitest'
import { FormFieldSchema } from '../../shared/nodes/chat_flow/definition'
import { fieldError, responseOf } from './form'

const f = (o: Record<string, unknown>) => FormFieldSchema.parse(o)

describe('Chat Flow form rules', () => {
  it.each([
    [{ name: 'e', label: 'Email', type: 'email', required: true }, '', 'Email is required.'],
    [{ name: 'e', type: 'email' }, 'nope', 'Enter an email address, such as name@example.com.'],
    [{ name: 'e', type: 'email' }, 'a@b.co', null],
    [{ name: 'n', type: 'number' }, '12x', 'Enter a number.'],
    [{ name: 'o', label: 'Terms', type: 'opt_in', required: true }, false, 'Terms is required.'],
    [{ name: 'c', type: 'checkbox', required: true }, ['a'], null],
    [{ name: 'd', type: 'date' }, '2026-01-02', null],
  ])('%j with %j', (field, value, expected) => {
    expect(fieldError(f(field), value as never)).toBe(expected)
  })

  it('submits numbers as numbers and skips optional blanks', () => {
    const fields = [f({ name: 'age', type: 'number' }), f({ name: 'note' }), f({ name: 'ok', type: 'opt_in' })]
    expect(responseOf(fields, { age: '42', note: '', ok: true })).toEqual({ age: 42, ok: true })
  })
})
