import { describe, expect, it } from 'vitest'
import type { ConversationTest } from '../../../shared/engine/conversation'
import { maskTest, typedTurns } from './mask'

// Masking a saved run's personal data: every value replaced by one stand-in everywhere (contact, trigger, turns,
// expectations, mocks), shapes kept, short numbers kept, whole words only, the same file every time.

const test: ConversationTest = {
  name: 'Asha orders',
  now: '2026-03-04T10:00:00.000Z',
  contact: { name: 'Asha Verma', phone: '+919812345678' },
  trigger: { webhook: { data: { phone: '+919812345678', note: 'for Asha' } } },
  mocks: { crm: { response: { status: 200, body: { owner: 'Asha Verma', tel: '919812345678' } } } },
  turns: [
    { bot: [{ text: 'Hi Asha! Your email?' }] },
    { user: 'asha@example.com', bot: [{ text: 'Saved asha@example.com, Asha.' }] },
    { user: '34', bot: [{ text: 'Age 34 noted.' }] },
    { user: 'card 4111 1111 1111 1111', bot: [{ text: 'Paid with card 4111 1111 1111 1111.' }] },
    { user: { button: 'Ashford' }, bot: [{ text: 'Ashford store, Asha.' }] },
    { user: { form: { city: 'Pune', rating: '5' } }, bot: [{ text: 'Pune: 5' }] },
  ],
  end: { state: 'ended' },
}

describe('maskTest', () => {
  it('replaces each value by one stand-in everywhere, keeping its shape', () => {
    const m = maskTest(test)
    const yaml = JSON.stringify({
      ...m,
      name: '',
      turns: m.turns.filter((t) => !JSON.stringify(t).includes('Ashford')),
    })
    for (const secret of ['Asha', 'Verma', '9812345678', 'example', 'Pune', '4111']) expect(yaml).not.toContain(secret)
    expect(m.name).toBe('Asha orders')
    const first = m.contact.name.split(' ')[0]!
    expect(first).not.toBe('Asha')
    expect(m.contact.name).toMatch(/^[A-Z][a-z]{3} [A-Z][a-z]{4}$/)
    expect(m.contact.phone).toMatch(/^\+9\d{11}$/)
    expect(m.trigger).toEqual({ webhook: { data: { phone: m.contact.phone, note: `for ${first}` } } })
    expect(m.mocks!.crm!.response!.body).toEqual({ owner: m.contact.name, tel: m.contact.phone.slice(1) })
    expect(m.turns[0]!.bot).toEqual([{ text: `Hi ${first}! Your email?` }])
    const email = m.turns[1]!.user as string
    expect(email).toMatch(/^[a-z]{4}@[a-z]{7}\.[a-z]{3}$/)
    expect(m.turns[1]!.bot).toEqual([{ text: `Saved ${email}, ${first}.` }])
    // A short number (an age, a rating) is what rules read: kept. A long one (a card) is masked, spaces kept.
    expect(m.turns[2]).toEqual(test.turns[2])
    const card = m.turns[3]!.user as string
    expect(card).toMatch(/^[a-z]{4} \d{4} \d{4} \d{4} \d{4}$/)
    expect(m.turns[3]!.bot).toEqual([{ text: `Paid with ${card}.` }])
    // A tap is not typed; "Ashford" is not the word "Asha".
    expect(m.turns[4]).toEqual({ user: { button: 'Ashford' }, bot: [{ text: `Ashford store, ${first}.` }] })
    const form = (m.turns[5]!.user as { form: Record<string, string> }).form
    expect(form.rating).toBe('5')
    expect(form.city).toMatch(/^[A-Z][a-z]{3}$/)
    expect(m.turns[5]!.bot).toEqual([{ text: `${form.city}: 5` }])
  })

  it('gives the same file every time, and keeps the answers it is told to keep', () => {
    expect(maskTest(test)).toEqual(maskTest(test))
    expect(typedTurns(test)).toEqual([1, 2, 3, 5])
    const kept = maskTest(test, { keep: new Set([1]) })
    expect(kept.turns[1]!.user).toBe('asha@example.com')
    // The name's stand-in still applies inside the bot's words; the kept answer's own text stays.
    expect(kept.turns[1]!.bot![0]!.text).toMatch(/^Saved asha@example\.com, [A-Z][a-z]{3}\.$/)
  })
})
