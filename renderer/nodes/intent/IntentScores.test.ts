import { describe, expect, it } from 'vitest'
import { rankScores } from './IntentScores'

describe('rankScores', () => {
  it('puts the highest first, and the chosen intent first among equal scores', () => {
    expect(rankScores({ track: 1, cancel: 1, human: 0.2 }, 'cancel').map(([n]) => n)).toEqual([
      'cancel',
      'track',
      'human',
    ])
    expect(rankScores({ track: 0.4, cancel: 0.9 }, null).map(([n]) => n)).toEqual(['cancel', 'track'])
  })
})
