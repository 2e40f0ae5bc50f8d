import { describe, expect, it } from 'vitest'
import { nextNode } from './navigate'
import { flow, node } from './testing/docs'

// A trigger, two branches to its right (one up, one down), and an end further right.
const doc = flow([
  node('t', 'trigger', 'trigger_1', {}, 0, 100),
  node('up', 'message', 'message_1', { text: 'x' }, 340, 0),
  node('down', 'message', 'message_2', { text: 'y' }, 340, 240),
  node('e', 'end', 'end_1', {}, 680, 120),
])

describe('keyboard navigation between cards', () => {
  it('starts at the first card in reading order', () => {
    expect(nextNode(doc, null, 'right')).toBe('t')
  })

  it('goes to the nearest card in the direction, preferring cards straight ahead', () => {
    expect(nextNode(doc, 'up', 'down')).toBe('down')
    expect(nextNode(doc, 'down', 'up')).toBe('up')
    expect(nextNode(doc, 'up', 'right')).toBe('e')
    expect(nextNode(doc, 'e', 'left')).toBe('up')
    expect(nextNode(doc, 't', 'left')).toBeNull()
  })
})
