import { describe, expect, it } from 'vitest'
import { checkExtractAnswer, extractRequest } from './extract-prompt'

const SLOTS = [
  { name: 'order', type: 'pattern', pattern: '\\d{6}' },
  { name: 'qty', type: 'number' },
  { name: 'size', type: 'choice', choices: ['Small', 'Large'] },
]

describe('the Extract prompt', () => {
  it('names every slot with its kind and today, and asks for one key per slot, each nullable', () => {
    const req = extractRequest('2 large for 104823', SLOTS, { locale: 'en-GB', today: '2026-11-28', timeZone: 'UTC' })
    expect(req.purpose).toBe('extract')
    expect(req.messages[0]!.content).toContain('- size: exactly one of the listed values: "Small", "Large"')
    expect(req.messages[0]!.content).toContain('Today is 2026-11-28')
    expect(req.messages[1]).toEqual({ role: 'user', content: '2 large for 104823' })
    expect(req.schema).toMatchObject({ required: ['order', 'qty', 'size'], additionalProperties: false })
  })

  it.each([
    [{ order: '104823', qty: 2, size: 'Large' }, true],
    [{ order: null, qty: null, size: null }, true],
    [{ order: '104823', qty: '2', size: null }, false],
    [{ order: '104823', qty: 2 }, false],
    [{ order: '104823', qty: 2, size: 'Huge' }, false],
    [{ order: '104823', qty: 2, size: null, colour: 'red' }, false],
    [['104823'], false],
  ])('checks %j against the slots: %s', (answer, ok) => {
    expect(checkExtractAnswer(answer, SLOTS).ok).toBe(ok)
  })
})
