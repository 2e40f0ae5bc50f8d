import { memo } from 'react'
import { splitTemplate } from '../../shared/expr/split'

/** Text with each {{ … }} placeholder wrapped in a highlight; the raw text is kept character for character so
 *  it can sit under a transparent textarea and line up with the caret. */
export const Highlighted = memo(function Highlighted({ text }: { text: string }) {
  const { chunks } = splitTemplate(text)
  let last = 0
  const parts: React.ReactNode[] = []
  for (const c of chunks) {
    if (c.kind !== 'code') continue
    if (c.start > last) parts.push(text.slice(last, c.start))
    parts.push(
      <mark key={c.start} className="placeholder">
        {text.slice(c.start, c.end)}
      </mark>,
    )
    last = c.end
  }
  if (last < text.length) parts.push(text.slice(last))
  return <>{parts}</>
})
