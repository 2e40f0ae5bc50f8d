import { describe, expect, it } from 'vitest'
import { trainClassifier } from './classifier'
import { greetingLength } from './greetings'

const BILL = {
  name: 'bill',
  examples: [
    'why is my bill so high',
    'I was charged twice',
    'explain my invoice',
    'what is this fee',
    'my bill is wrong',
  ],
}

describe('greetings', () => {
  it('finds the greetings that open a message, one after another, per language', () => {
    expect(greetingLength(['hi', 'there', 'good', 'morning', 'my', 'bill'], 'en-GB')).toBe(4)
    expect(greetingLength(['my', 'bill', 'hi'], 'en-GB')).toBe(0)
    expect(greetingLength(['good', 'price'], 'en-GB')).toBe(0)
    expect(greetingLength(['buenos', 'dias', 'mi', 'factura'], 'es')).toBe(2)
    expect(greetingLength(['hi'], 'ja')).toBe(0)
  })

  it('are not read as what the customer wants: "good morning!" alone is other, even beside an example with "morning"', () => {
    const m = trainClassifier(
      [
        {
          name: 'outage',
          examples: [
            'my internet is down',
            'no connection since this morning',
            'nothing loads',
            'is there an outage',
            'the broadband stopped working',
          ],
        },
        BILL,
      ],
      'en-GB',
    )
    expect(m.classify('good morning!').intent).toBeNull()
    expect(m.classify('Good morning, my internet is down').intent).toBe('outage')
  })

  it('are read as words in a flow with an intent for greetings', () => {
    const m = trainClassifier(
      [{ name: 'greeting', examples: ['hi', 'hello', 'good morning', 'hey there'] }, BILL],
      'en',
    )
    expect(m.classify('good morning!').intent).toBe('greeting')
    expect(m.classify('hello there').intent).toBe('greeting')
    expect(m.classify('hi, why is my bill so high').intent).toBe('bill')
  })
})
