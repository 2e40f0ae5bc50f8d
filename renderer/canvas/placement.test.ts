import { describe, expect, it } from 'vitest'
import { flow, node } from '../editor/testing/docs'
import { cardLayout } from './card-layout'
import { placeNewCard } from './placement'

const trigger = node('t', 'trigger', 'trigger_1', { keywords: ['hi'] }, 0, 0)

describe('placing a card from the palette', () => {
  it('goes right of the selected card, its input level with the port it will hang from', () => {
    const doc = flow([trigger])
    const at = placeNewCard(doc, 'message', trigger, { x: 0, y: 0 })
    expect(at.x).toBeGreaterThanOrEqual(cardLayout(trigger).width + 80)
    const probe = node('p', 'message', 'message_1', {}, at.x, at.y)
    expect(Math.abs(at.y + cardLayout(probe).inputY! - cardLayout(trigger).ports[0]!.y)).toBeLessThanOrEqual(8)
  })

  it('never lands on another card', () => {
    const doc = flow([trigger])
    const first = placeNewCard(doc, 'message', trigger, { x: 0, y: 0 })
    const withFirst = flow([trigger, node('m', 'message', 'message_1', {}, first.x, first.y)])
    const second = placeNewCard(withFirst, 'message', trigger, { x: 0, y: 0 })
    expect(second.x).toBe(first.x)
    expect(second.y).toBeGreaterThanOrEqual(first.y + cardLayout(withFirst.nodes[1]!).height)
  })

  it('goes to the middle of the view with nothing selected', () => {
    const at = placeNewCard(flow([]), 'end', undefined, { x: 500, y: 300 })
    const size = cardLayout(node('p', 'end', 'end_1'))
    expect(Math.abs(at.x + size.width / 2 - 500)).toBeLessThanOrEqual(8)
    expect(Math.abs(at.y + size.height / 2 - 300)).toBeLessThanOrEqual(8)
  })
})
