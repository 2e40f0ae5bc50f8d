import { describe, expect, it } from 'vitest'
import { MISSING_CLOSE as C, MISSING_OPEN as O, plainText, segments } from './localize'

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
