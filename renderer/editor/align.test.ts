import { describe, expect, it } from 'vitest'
import { cardLayout } from '../canvas/card-layout'
import { alignPositions } from './align'
import { node } from './testing/docs'

const a = node('a', 'message', 'message_1', { text: 'A' }, 0, 0)
const b = node('b', 'end', 'end_1', {}, 300, 50)
const c = node('c', 'message', 'message_2', { text: 'C' }, 1000, 220)
const h = (n: typeof a) => cardLayout(n).height

describe('align', () => {
  it('aligns edges and centres by the real card boxes, moving only cards that must move', () => {
    expect(alignPositions([a, b, c], 'left')).toEqual(
      new Map([
        ['b', { x: 0, y: 50 }],
        ['c', { x: 0, y: 220 }],
      ]),
    )
    expect(alignPositions([a, b, c], 'top')).toEqual(
      new Map([
        ['b', { x: 300, y: 0 }],
        ['c', { x: 1000, y: 0 }],
      ]),
    )
    const bottom = Math.max(h(a), 50 + h(b), 220 + h(c))
    expect(alignPositions([a, b, c], 'bottom').get('a')).toEqual({ x: 0, y: bottom - h(a) })
    expect(alignPositions([a, c], 'center')).toEqual(
      new Map([
        ['a', { x: 500, y: 0 }],
        ['c', { x: 500, y: 220 }],
      ]),
    )
  })

  it('distributes with equal gaps and keeps the outermost cards in place', () => {
    const moved = alignPositions([a, b, c], 'distribute-horizontally')
    expect(moved.has('a')).toBe(false)
    expect(moved.has('c')).toBe(false)
    // Cards are 240 wide: from 0 to 1240 with three cards leaves two gaps of 260.
    expect(moved.get('b')).toEqual({ x: 500, y: 50 })
  })

  it('does nothing to fewer than two cards', () => {
    expect(alignPositions([a], 'left').size).toBe(0)
  })
})
