import type { ReactNode } from 'react'
import { parseFormatted, type Inline } from './format'

function inline(nodes: Inline[]): ReactNode[] {
  return nodes.map((n, i) => {
    switch (n.kind) {
      case 'text':
        return n.text
      case 'link':
        return (
          <a key={i} href={n.url} target="_blank" rel="noreferrer noopener">
            {n.url}
          </a>
        )
      case 'mono':
        return (
          <code key={i} className="chat-mono">
            {n.text}
          </code>
        )
      case 'code':
        return (
          <code key={i} className="chat-code">
            {n.text}
          </code>
        )
      case 'bold':
        return <strong key={i}>{inline(n.children)}</strong>
      case 'italic':
        return <em key={i}>{inline(n.children)}</em>
      case 'strike':
        return <s key={i}>{inline(n.children)}</s>
    }
  })
}

/** Text with the channel's formatting; `plain` for places the channel does not format (labels, footers). */
export function Formatted({ text, plain = false }: { text: string; plain?: boolean }) {
  if (plain) return <span className="chat-text">{text}</span>
  return (
    <span className="chat-text">
      {parseFormatted(text).map((line, i) => (
        <span key={i} className={`chat-line chat-line-${line.kind}`}>
          {line.kind === 'bullet' && '• '}
          {line.kind === 'number' && `${line.marker}. `}
          {inline(line.content)}
        </span>
      ))}
    </span>
  )
}
