import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { FieldDiffView } from './FieldDiffView'

describe('FieldDiffView', () => {
  it('shows a text as words removed on the left and added on the right', () => {
    const html = renderToStaticMarkup(
      <FieldDiffView
        field={{ path: 'config.text', label: 'Text', kind: 'text', before: 'Hi there friend', after: 'Hi dear friend' }}
      />,
    )
    const [before, after] = html.split('aria-label="Text after"')
    expect(before).toContain('<del>there</del>')
    expect(before).not.toContain('<ins>')
    expect(after).toContain('<ins>dear</ins>')
    expect(after).not.toContain('<del>')
  })

  it('shows JSON as a tree of added, removed and changed keys', () => {
    const html = renderToStaticMarkup(
      <FieldDiffView
        field={{
          path: 'samples.lookup',
          label: 'Sample response of lookup',
          kind: 'json',
          before: { status: 'shipped', carrier: 'DHL', items: [1] },
          after: { status: 'delivered', items: [1], eta: '2026-01-02' },
        }}
      />,
    )
    expect(html).toContain('aria-label="Changes in Sample response of lookup"')
    expect(html).toMatch(/aria-label="status changed".*<del>shipped<\/del> → <ins>delivered<\/ins>/)
    expect(html).toMatch(/aria-label="carrier removed".*<del>DHL<\/del>/)
    expect(html).toMatch(/aria-label="eta added".*<ins>2026-01-02<\/ins>/)
    expect(html).not.toContain('aria-label="items')
  })

  it('shows other values as the two values, an absent one in words', () => {
    const html = renderToStaticMarkup(
      <FieldDiffView
        field={{ path: 'config.maxAttempts', label: 'Max attempts', kind: 'value', before: undefined, after: 3 }}
      />,
    )
    expect(html).toContain('<code>(none)</code>')
    expect(html).toContain('<code>3</code>')
  })
})
