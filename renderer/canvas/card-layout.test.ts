import { describe, expect, it } from 'vitest'
import { node } from '../editor/testing/docs'
import { BORDER_TOP, CARD_WIDTH, HEAD, PORT_ROW, SUMMARY, cardLayout } from './card-layout'

describe('card geometry', () => {
  it('sizes a card by its summary and ports, and puts each output handle on its port row', () => {
    const buttons = node('b', 'interactive_message', 'menu', {
      body: 'Pick one',
      buttons: [
        { id: 'a', title: 'A' },
        { id: 'b', title: 'B' },
        { id: 'c', title: 'C' },
      ],
    })
    const l = cardLayout(buttons)
    expect(l.width).toBe(CARD_WIDTH)
    expect(l.ports.map((s) => s.port.id)).toEqual(['a', 'b', 'c'])
    // Rows are PORT_ROW apart and the handles sit on them, outside the right edge.
    expect(l.ports[1]!.y - l.ports[0]!.y).toBe(PORT_ROW)
    const out = l.handles.filter((h) => h.type === 'source')
    expect(out.map((h) => h.y + h.height! / 2)).toEqual(l.ports.map((s) => s.y))
    expect(out.every((h) => h.x + h.width! / 2 === CARD_WIDTH + 1)).toBe(true)
    // The last row ends inside the card.
    expect(l.ports.at(-1)!.y + PORT_ROW / 2).toBeLessThan(l.height)
  })

  it('gives a trigger no input, and an end no outputs', () => {
    const t = cardLayout(node('t', 'trigger', 'trigger_1', { keywords: ['hi'] }))
    expect(t.inputY).toBeNull()
    expect(t.handles.map((h) => h.type)).toEqual(['source'])
    const e = cardLayout(node('e', 'end', 'end_1'))
    expect(e.handles.map((h) => h.type)).toEqual(['target'])
    expect(e.inputY).toBe(BORDER_TOP + HEAD / 2)
  })

  it('reserves the summary rows only when there is a summary', () => {
    const withText = cardLayout(node('m', 'message', 'a', { text: 'Hello' }))
    // Every definition writes a summary ("No text yet"); only a config the summary cannot read leaves none.
    const empty = cardLayout(node('m', 'message', 'a', { text: null }))
    expect(empty.summary).toBe('')
    expect(withText.height - empty.height).toBe(SUMMARY)
    expect(withText.ports[0]!.y - empty.ports[0]!.y).toBe(SUMMARY)
  })

  it('is computed once per node object', () => {
    const n = node('m', 'message', 'a', { text: 'Hello' })
    expect(cardLayout(n)).toBe(cardLayout(n))
  })
})
