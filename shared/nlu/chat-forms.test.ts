import { describe, expect, it } from 'vitest'
import { spelledOut, unstretched } from './chat-forms'
import { trainClassifier } from './classifier'

const SHOP = [
  {
    name: 'book',
    examples: [
      'book an appointment for tomorrow',
      'I need an appointment please',
      'can I come in tomorrow',
      'make a booking',
      'are you free tomorrow',
    ],
  },
  {
    name: 'hours',
    examples: [
      'are you open today',
      'what time do you open',
      'opening hours',
      'when do you close',
      'are you open on sunday',
    ],
  },
]

describe('chat short forms', () => {
  it('spells out the short forms of chat and the contractions, per language', () => {
    expect(spelledOut(['appt', 'tmrw', 'pls'], 'en-GB')).toEqual(['appointment', 'tomorrow', 'please'])
    expect(spelledOut(['r', 'u', 'open', '2day'], 'en-US')).toEqual(['are', 'you', 'open', 'today'])
    expect(spelledOut(['i', 'dont', 'wanna', 'wait'], 'en')).toEqual(['i', 'do', 'not', 'want', 'to', 'wait'])
    expect(spelledOut(['cannot'], 'en')).toEqual(spelledOut(['cant'], 'en'))
    expect(spelledOut(['q', 'hora', 'abren'], 'es-MX')).toEqual(['que', 'hora', 'abren'])
    // Words of another language, or of a language without a table, are left as typed.
    expect(spelledOut(['pls', 'r'], 'ja')).toEqual(['pls', 'r'])
    expect(spelledOut(['sat', 'wed', 'id'], 'en')).toEqual(['sat', 'wed', 'id'])
  })

  it('reads a letter typed three times or more as emphasis', () => {
    expect(unstretched('sooo')).toEqual(['so', 'soo'])
    expect(unstretched('helllo')).toEqual(['helo', 'hello'])
    expect(unstretched('hello')).toBeNull()
  })

  it('so a message typed as on a phone meets the examples written out', () => {
    const m = trainClassifier(SHOP, 'en-GB')
    expect(m.classify('appt tmrw pls').intent).toBe('book')
    expect(m.classify('r u open 2day').intent).toBe('hours')
  })

  it('and a stretched word as the word', () => {
    const m = trainClassifier(
      [
        { name: 'slow', examples: ['it is very slow', 'pages are slow to load', 'slow speed', 'too slow', 'it lags'] },
        { name: 'down', examples: ['it is down', 'no connection', 'outage', 'offline', 'nothing loads at all'] },
      ],
      'en-GB',
    )
    expect(m.classify('slooooow').scores).toEqual(m.classify('slow').scores)
    expect(m.classify('it is toooo slooow').scores).toEqual(m.classify('it is too slow').scores)
  })
})
