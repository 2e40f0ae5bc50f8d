import { Fragment } from 'react'

/**
 * A field's help as the schema describes it, with its `code` spans drawn as code: the same description also fills
 * docs/flow-format.md's tables (Markdown), and shown raw the panel printed the backticks ("or read `text`").
 * A backtick without its pair stays as typed.
 */
export function HelpText({ text }: { text: string }) {
  const parts = text.split('`')
  // An odd number of parts means the backticks pair up; otherwise the last one is unmatched and the text is shown raw.
  if (parts.length < 3 || parts.length % 2 === 0) return <>{text}</>
  return (
    <>{parts.map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : <Fragment key={i}>{part}</Fragment>))}</>
  )
}
