import { describe, expect, it } from 'vitest'
import { canonicalJson, checkAgainstSchema } from './schema-check'

const intentSchema = {
  type: 'object',
  properties: {
    intent: { type: ['string', 'null'], enum: ['cancel', 'track', null] },
    confidence: { type: 'number', minimum: 0, maximum: 1 },
  },
  required: ['intent', 'confidence'],
  additionalProperties: false,
}

const slotSchema = {
  type: 'object',
  properties: {
    order: { type: ['string', 'null'], pattern: '^[A-Z]{2}\\d{4}$' },
    items: { type: 'array', items: { type: 'integer' }, maxItems: 2 },
    when: { anyOf: [{ type: 'string', minLength: 10 }, { type: 'null' }] },
  },
  required: ['order'],
}

describe('checkAgainstSchema', () => {
  it('accepts answers that satisfy the schema', () => {
    expect(checkAgainstSchema({ intent: 'cancel', confidence: 0.9 }, intentSchema)).toBeNull()
    expect(checkAgainstSchema({ intent: null, confidence: 0 }, intentSchema)).toBeNull()
    expect(checkAgainstSchema({ order: 'AB1234', items: [1, 2], when: null }, slotSchema)).toBeNull()
  })

  it.each([
    [{ intent: 'refund', confidence: 0.9 }, intentSchema, '/intent', 'expected one of "cancel", "track", null'],
    [{ intent: 'cancel' }, intentSchema, '', '"confidence" is required'],
    [{ intent: 'cancel', confidence: 2 }, intentSchema, '/confidence', 'above 1'],
    [{ intent: 'cancel', confidence: '0.5' }, intentSchema, '/confidence', 'expected number, got string'],
    [{ intent: 'cancel', confidence: 1, why: 'x' }, intentSchema, '', '"why" is not allowed'],
    [['cancel'], intentSchema, '', 'expected object, got array'],
    [{ order: 'ab12' }, slotSchema, '/order', 'does not match the pattern'],
    [{ order: null, items: [1.5] }, slotSchema, '/items/0', 'expected integer, got number'],
    [{ order: null, items: [1, 2, 3] }, slotSchema, '/items', 'more than 2 items'],
    [{ order: null, when: 'soon' }, slotSchema, '/when', 'matches none of the allowed shapes'],
  ])('refuses %j, naming where and why', (value, schema, path, message) => {
    const problem = checkAgainstSchema(value, schema)
    expect(problem?.path).toBe(path)
    expect(problem?.message).toContain(message)
  })

  it('refuses a schema keyword it does not know instead of ignoring it', () => {
    expect(checkAgainstSchema('x', { type: 'string', format: 'email' })?.message).toContain('"format"')
  })
})

describe('canonicalJson', () => {
  it('gives the same text whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: [{ y: 2, x: 1 }] })).toBe(canonicalJson({ a: [{ x: 1, y: 2 }], b: 1 }))
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: '1' }))
  })
})
