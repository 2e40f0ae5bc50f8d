import { describe, expect, it } from 'vitest'
import { setTranslation } from '../../shared/flow/translations'
import { withLanguages } from '../editor/languages'
import { flow, node } from '../editor/testing/docs'
import { cardLayout } from './card-layout'
import { cardTexts, MISSING_CLOSE as C, MISSING_OPEN as O, plainText, segments } from './localize'

describe('card texts in another language', () => {
  it('cuts a text into translated parts and default texts standing in for missing ones', () => {
    expect(segments('Hola')).toEqual([{ text: 'Hola', missing: false }])
    expect(segments(`Hola · ${O}Book a visit${C} · 2 buttons`)).toEqual([
      { text: 'Hola · ', missing: false },
      { text: 'Book a visit', missing: true },
      { text: ' · 2 buttons', missing: false },
    ])
  })

  it('reads a summary cut before its closing mark as missing to the end', () => {
    // oneLine(text, 40) cuts a long default text and adds an ellipsis after it.
    expect(segments(`${O}When would you like to come in for your…`)).toEqual([
      { text: 'When would you like to come in for your…', missing: true },
    ])
  })

  it('says the text without its marks', () => {
    expect(plainText(`${O}Yes${C}`)).toBe('Yes')
  })
})

describe('cards in another language', () => {
  const doc = () => {
    const d = withLanguages(
      flow([
        node('b', 'interactive_message', 'ask', {
          body: 'Shall we book?',
          buttons: [
            { id: 'yes', title: 'Yes' },
            { id: 'no', title: 'No' },
          ],
        }),
      ]),
      { list: ['en', 'es'], default: 'en', from: null, detect: true },
    )
    return setTranslation(d, 'es', 'b', '/buttons/0/title', 'Sí', 'Yes')
  }

  it('puts the translations in and marks the default texts of the missing ones, naming their fields', () => {
    const d = doc()
    const shown = cardTexts(d, d.nodes[0]!, 'es')
    expect(shown.missing).toEqual(['Body', 'Button 2 title'])
    const layout = cardLayout(shown.node)
    expect(layout.summary).toBe(`${O}Shall we book?${C} · 2 buttons`)
    expect(layout.ports.map((p) => plainText(p.port.label))).toEqual(
      ['Sí', 'No', 'No reply'].slice(0, layout.ports.length),
    )
    expect(segments(layout.ports[1]!.port.label)).toEqual([{ text: 'No', missing: true }])
    // Ports keep their ids: connections stay where they are.
    expect(layout.ports.map((p) => p.port.id)).toEqual(cardLayout(d.nodes[0]!).ports.map((p) => p.port.id))
  })

  it('gives the same card object until the node or its texts in that language change', () => {
    const d = doc()
    const first = cardTexts(d, d.nodes[0]!, 'es')
    expect(cardTexts({ ...d }, d.nodes[0]!, 'es')).toBe(first)
    const edited = setTranslation(d, 'es', 'b', '/body', '¿Reservamos?', 'Shall we book?')
    const again = cardTexts(edited, edited.nodes[0]!, 'es')
    expect(again).not.toBe(first)
    expect(again.missing).toEqual(['Button 2 title'])
    expect(cardLayout(again.node).summary).toBe('¿Reservamos? · 2 buttons')
  })
})
