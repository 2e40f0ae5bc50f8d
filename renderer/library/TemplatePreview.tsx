import type { MessageTemplate } from '../../shared/nodes/template_message/run-template'
import { ExternalLink, Phone } from 'lucide-react'

// Parameters show as sample chips so the author sees where values land without inventing data.
function withPlaces(text: string) {
  return text.split(/(\{\{\s*\d+\s*\}\})/g).map((part, i) =>
    /^\{\{\s*\d+\s*\}\}$/.test(part) ? (
      <mark key={i} className="template-param">
        {part.replace(/\s/g, '')}
      </mark>
    ) : (
      part
    ),
  )
}

/** The message as a phone would show it, updated on every keystroke. */
export function TemplatePreview({ template }: { template: MessageTemplate }) {
  const { header, body, footer, buttons } = template
  return (
    <section className="template-preview" aria-label="Message preview">
      <h2>Preview</h2>
      <div className="template-bubble">
        {header.type === 'text' && header.text && <p className="template-header">{withPlaces(header.text)}</p>}
        {header.type !== 'text' && header.type !== 'none' && <p className="template-media">[{header.type}]</p>}
        <p className="template-body">{body ? withPlaces(body) : <em>Body text appears here</em>}</p>
        {footer && <p className="template-footer">{footer}</p>}
      </div>
      {buttons.length > 0 && (
        <ul className="template-buttons" aria-label="Preview buttons">
          {buttons.map((b, i) => (
            <li key={i}>
              {b.type === 'url' ? (
                <ExternalLink size={12} aria-hidden="true" />
              ) : b.type === 'phone' ? (
                <Phone size={12} aria-hidden="true" />
              ) : null}
              {b.text || '(no label)'}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
