import { beforeAll, describe, expect, it } from 'vitest'
import { prepareAnswers, type AnswerContext } from '../question/answers'
import { ExtractConfigSchema, type SlotSpec } from './definition'
import { findSlots } from './find'
import { readSlot } from './read-slot'

// Saturday 28 November 2026, noon in London.
const ctx: AnswerContext = {
  locale: 'en-GB',
  timeZone: 'Europe/London',
  country: 'GB',
  now: Date.UTC(2026, 10, 28, 12),
}
const slot = (s: Partial<SlotSpec> & { name: string }): SlotSpec =>
  ExtractConfigSchema.parse({ slots: [{ ask: 'x', ...s }] }).slots[0]!
const ORDER = slot({ name: 'order', type: 'pattern', pattern: '[A-Z]{2}-\\d{5}|\\d{6}' })
const DATE = slot({ name: 'date', type: 'date' })

beforeAll(() => prepareAnswers())

describe('findSlots', () => {
  it('finds each type inside a sentence, with the parsers Questions use', () => {
    const slots = [
      ORDER,
      DATE,
      slot({ name: 'at', type: 'time' }),
      slot({ name: 'phone', type: 'phone' }),
      slot({ name: 'mail', type: 'email' }),
      slot({ name: 'size', type: 'choice', choices: ['Small', 'Large'] }),
      slot({ name: 'qty', type: 'number' }),
    ]
    const found = findSlots(
      'Order AB-12345: 3 large boxes on 3 Dec at 5pm, call 07700 900123 or mail ana@company.com.',
      slots,
      ctx,
    )
    expect(found.values).toEqual({
      order: 'AB-12345',
      date: '2026-12-03',
      at: '17:00',
      phone: '+447700900123',
      mail: 'ana@company.com',
      size: 'Large',
      qty: 3,
    })
    expect(found.from).toMatchObject({ order: 'AB-12345', date: 'on 3 Dec at 5pm', qty: '3' })
    expect(found.ambiguous).toEqual([])
  })

  it('never takes a number from inside a date, a time, an order number or a phone', () => {
    const qty = slot({ name: 'qty', type: 'number' })
    expect(findSlots('deliver on 3 Dec', [qty], ctx).values).toEqual({})
    expect(findSlots('order 104823 please', [ORDER, qty], ctx).values).toEqual({ order: '104823' })
    expect(findSlots('call 07700 900123', [qty], ctx).values).toEqual({})
    expect(findSlots('2 items at 5', [qty], ctx).values).toEqual({ qty: 2 })
    expect(findSlots('2 items on 12/03', [qty, DATE], ctx).values).toEqual({ qty: 2, date: '2027-03-12' })
  })

  it('leaves a slot missing when the message holds more values of its type than slots (asked, never guessed)', () => {
    const f = findSlots('Monday or Tuesday?', [DATE], ctx)
    expect(f.values).toEqual({})
    expect(f.ambiguous).toEqual(['date'])
    expect(
      findSlots('red or blue', [slot({ name: 'c', type: 'choice', choices: ['Red', 'Blue'] })], ctx).values,
    ).toEqual({})
    expect(findSlots('orders 104823 and 104824', [ORDER], ctx).values).toEqual({})
  })

  it('fills two slots of one type in the order the message gives them', () => {
    const from = slot({ name: 'from', type: 'date' })
    const to = slot({ name: 'to', type: 'date' })
    expect(findSlots('arriving 3 Dec, leaving 7 Dec', [from, to], ctx).values).toEqual({
      from: '2026-12-03',
      to: '2026-12-07',
    })
    expect(findSlots('3 Dec - 7 Dec', [from, to], ctx).values).toEqual({ from: '2026-12-03', to: '2026-12-07' })
    expect(findSlots('on 3 Dec', [from, to], ctx).values).toEqual({})
  })

  it('skips a negated date and a pattern inside a longer word', () => {
    expect(findSlots('not Friday, Monday please', [DATE], ctx).values).toEqual({ date: '2026-11-30' })
    expect(findSlots('ref 1048231', [ORDER], ctx).values).toEqual({})
    expect(findSlots('XAB-12345', [ORDER], ctx).values).toEqual({})
  })

  it('finds no text slot: nothing marks which words are the text', () => {
    expect(findSlots('my name is Ana', [slot({ name: 'who', type: 'text' })], ctx).values).toEqual({})
  })
})

describe('readSlot (an answer to an ask)', () => {
  it('reads a time of day, the afternoon for a bare hour from 1 to 7', () => {
    const at = slot({ name: 'at', type: 'time' })
    expect(readSlot('at 5', at, ctx)).toEqual({ ok: true, value: '17:00' })
    expect(readSlot('09:30', at, ctx)).toEqual({ ok: true, value: '09:30' })
    expect(readSlot('whenever', at, ctx)).toMatchObject({ ok: false, code: 'not_a_time' })
    expect(readSlot('9am or 10am', at, ctx)).toMatchObject({ ok: false, code: 'several_times' })
  })

  it('reads a pattern whole, and the other types as a Question does', () => {
    expect(readSlot('AB-12345', ORDER, ctx)).toEqual({ ok: true, value: 'AB-12345' })
    expect(readSlot('12345', ORDER, ctx)).toMatchObject({ ok: false, code: 'no_match' })
    expect(readSlot('tomorrow', DATE, ctx)).toEqual({ ok: true, value: '2026-11-29' })
    expect(readSlot('twenty five', slot({ name: 'n', type: 'number' }), ctx)).toEqual({ ok: true, value: 25 })
  })
})
