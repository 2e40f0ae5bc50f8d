// A text cut into what a translator may change (literal text) and what they may not (the `{{…}}` placeholders),
// with the same splitter the expression language uses, so `\{{` stays text and `{{concat('}}', x)}}` is one
// placeholder. XLIFF writes the placeholders as `<ph>` elements; the import compares them.
import { splitTemplate } from '../expr/split'

export type TextPart = { kind: 'text'; text: string } | { kind: 'placeholder'; text: string }

/** The text in parts; the parts' texts joined give back the text exactly (the raw source, `\{{` included). */
export function partsOf(text: string): TextPart[] {
  const parts: TextPart[] = []
  let at = 0
  for (const chunk of splitTemplate(text).chunks) {
    if (chunk.kind !== 'code') continue
    if (chunk.start > at) parts.push({ kind: 'text', text: text.slice(at, chunk.start) })
    parts.push({ kind: 'placeholder', text: text.slice(chunk.start, chunk.end) })
    at = chunk.end
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) })
  return parts
}

/** The number of characters the channel counts (code points, as the node validators count them). */
export const charCount = (text: string): number => [...text].length
