import { describe, expect, it } from 'vitest'
import { trainClassifier } from './classifier'
import { negatedWords } from './negation'
import { readPhrase } from './reading'

const marked = (text: string, locale = 'en-GB') => {
  const r = readPhrase(text, locale)
  return r.tokens.filter((_, i) => r.negated[i]).join(' ')
}

const GYM = [
  {
    name: 'cancel',
    examples: [
      'cancel my membership',
      'I want to cancel',
      'end my membership',
      'cancel it please',
      'stop my membership',
    ],
  },
  {
    name: 'freeze',
    examples: [
      'freeze my membership',
      'pause my membership for a month',
      'can I put my membership on hold',
      'I need a break from the gym',
      'hold my membership',
    ],
  },
]

describe('negated wishes', () => {
  it('marks what the customer does not want to do, however the negation is typed, up to the end of its clause', () => {
    expect(marked("I don't want to cancel")).toBe('cancel')
    expect(marked('i dont want to cancel it now')).toBe('cancel it now')
    expect(marked('I do not want to cancel, just pause it')).toBe('cancel')
    expect(marked('no need to come, I fixed it')).toBe('come')
    expect(marked('I no longer want to renew')).toBe('renew')
    expect(marked('deliver to my office instead of home please')).toBe('home')
    expect(marked('I would pay cash rather than card')).toBe('card')
  })

  it('leaves a negated state or thing as it is, and a wish with an object: the customer may turn down the object', () => {
    expect(marked('my internet is not working')).toBe('')
    expect(marked("I don't need my membership any more")).toBe('')
    expect(marked("don't send it, I no longer want it")).toBe('')
    expect(marked('no signal since this morning')).toBe('')
    expect(marked("I don't want to talk to a bot")).toBe('')
  })

  it('reads the negated wish in the other languages with rules', () => {
    expect(negatedWords(['no', 'quiero', 'cancelar'], 'es')).toEqual([false, false, true])
    expect(negatedWords(['no', 'quiero', 'cancelar', 'el', 'pedido'], 'es')).toEqual([
      false,
      false,
      false,
      false,
      false,
    ])
    expect(negatedWords(['je', 'ne', 'veux', 'pas', 'annuler'], 'fr-FR')).toEqual([false, false, false, false, true])
    expect(negatedWords(['ich', 'will', 'nicht', 'kundigen'], 'de')).toEqual([false, false, false, true])
    expect(negatedWords(['non', 'voglio', 'annullare'], 'it')).toEqual([false, false, true])
    expect(negatedWords(['nao', 'quero', 'cancelar'], 'pt-BR')).toEqual([false, false, true])
    expect(negatedWords(['not', 'want', 'to', 'cancel'], 'ja')).toEqual([false, false, false, false])
  })

  it('so "don\'t want to cancel" no longer counts for the intent about cancelling', () => {
    const m = trainClassifier(GYM, 'en-GB')
    for (const t of [
      "I need a break for a while, but I don't want to cancel",
      'i need a break but dont want to cancel',
    ]) {
      const c = m.classify(t)
      expect(c.intent, t).toBe('freeze')
      expect(c.scores.cancel, t).toBeLessThan(0.5)
    }
    expect(m.classify("cancel it, I don't want it any more").intent).toBe('cancel')
  })

  it('while "I don\'t want to talk to a bot" still asks for a person beside an example "I don\'t want it any more"', () => {
    const m = trainClassifier(
      [
        {
          name: 'cancel',
          examples: ['cancel my order', 'I want to cancel', "I don't want it any more", 'stop the order', 'cancel it'],
        },
        {
          name: 'person',
          examples: [
            'talk to a person',
            'can I speak to someone',
            'I want a human',
            'connect me to an agent',
            'real person',
          ],
        },
      ],
      'en-GB',
    )
    expect(m.classify("I don't want to talk to a bot").intent).toBe('person')
  })

  it('and what comes after "instead of" does not choose the intent', () => {
    const m = trainClassifier(
      [
        {
          name: 'card',
          examples: [
            'pay by card',
            'can I use my card',
            'card payment please',
            'do you take cards',
            'pay with my visa',
          ],
        },
        {
          name: 'cash',
          examples: ['pay in cash', 'cash on delivery', 'can I pay cash', 'do you take cash', 'I will bring cash'],
        },
      ],
      'en-GB',
    )
    const c = m.classify('can I pay with cash instead of card')
    expect(c.intent).toBe('cash')
    expect(c.scores.card).toBeLessThan(0.5)
  })
})
