import { describe, expect, it } from 'vitest'
import { readDetail } from './step-detail'

describe("readDetail (a trace step's detail for Flow Logs and the emulator)", () => {
  it('lists the scores highest first and names the provider', () => {
    expect(readDetail({ scores: { track: 0.2, cancel: 0.71, human: 0.2 }, provider: 'offline' })).toEqual({
      scores: [
        { name: 'cancel', score: 0.71 },
        { name: 'human', score: 0.2 },
        { name: 'track', score: 0.2 },
      ],
      provider: { label: 'offline classifier', hint: "trained on the node's examples" },
      rest: null,
    })
    expect(readDetail({ scores: {}, provider: 'api.openai.com' })?.provider).toEqual({
      label: 'api.openai.com',
      hint: 'model provider',
    })
  })

  it('keeps what it cannot draw as data, and shows nothing for no detail', () => {
    expect(readDetail({ scores: { a: 'high' }, why: 'x' })).toEqual({
      scores: [],
      provider: null,
      rest: { why: 'x', scores: { a: 'high' } },
    })
    expect(readDetail(undefined)).toBeNull()
    expect(readDetail({})).toBeNull()
  })
})
