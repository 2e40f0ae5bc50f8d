import { describe, expect, it } from 'vitest'
import { trainClassifier } from './classifier'
import { featuresOf } from './features'
import { stopwordsFor } from './stopwords'

describe('phrase features', () => {
  it('weighs the character n-grams of function words as function words, not as the start of a content word', () => {
    const tokens = ['can', 'i', 'book', 'yoga']
    const f = featuresOf(tokens, tokens, stopwordsFor('en-GB'))
    for (const k of ['c: can', 'c:can ', 'c: ca', 'c:n i ']) {
      expect(f.char.has(k), k).toBe(true)
      expect(f.light.has(k), k).toBe(true)
    }
    for (const k of ['c: i b', 'c:book', 'c: yo', 'c:ga ']) expect(f.light.has(k), k).toBe(false)
  })

  it('so "can" no longer leans a request towards an intent about cancelling', () => {
    const m = trainClassifier(
      [
        { name: 'book', examples: ['book a class', 'reserve a spot in yoga', 'sign me up for spin'] },
        { name: 'cancel', examples: ['cancel my class', 'cancel my spot', 'cancel yoga'] },
      ],
      'en-GB',
    )
    const c = m.classify('can i book yoga')
    expect(c.intent).toBe('book')
    expect(c.scores.cancel).toBeLessThan(0.7)
  })
})

describe('phrasal particles', () => {
  it('weigh as function words: "something came up" shares nothing that matters with "sign me up"', () => {
    const m = trainClassifier(
      [
        {
          name: 'book',
          examples: ['sign me up for yoga', 'book me a spot', 'count me in for spin', 'save me a place', 'can I join'],
        },
        {
          name: 'cancel',
          examples: ['cancel my spot', 'free my place', 'take me off the list', 'I cannot come', 'remove my booking'],
        },
      ],
      'en-GB',
    )
    expect(m.classify('it came up, please drop me').intent).toBe('cancel')
    expect(m.classify('pick me up').intent).toBeNull()
    expect(m.classify('sign me up').intent).toBe('book')
  })
})
