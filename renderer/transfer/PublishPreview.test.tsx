import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { PublishPreview as Preview } from '../../shared/api/commands/publish'
import { PublishPreview } from './PublishPreview'

const base: Preview = {
  errors: [],
  warnings: [],
  untested: [],
  coverage: { covered: 2, total: 2, percent: 100 },
  changes: { since: 3, lines: ['Changed node goodbye: text: "a" → "b"'], comparison: null, note: null },
}

describe('PublishPreview', () => {
  it('lists the changes since the running version, and nothing else when all is well', () => {
    const html = renderToStaticMarkup(<PublishPreview preview={base} serverName="Production" />)
    expect(html).toContain('Changes since version 3 on Production')
    expect(html).toContain('<li>Changed node goodbye: text: &quot;a&quot; → &quot;b&quot;</li>')
    expect(html).not.toContain('Errors')
    expect(html).not.toContain('Warnings')
  })

  it('shows errors apart from warnings, and untested branches with the coverage among the warnings', () => {
    const html = renderToStaticMarkup(
      <PublishPreview
        serverName="Production"
        preview={{
          ...base,
          errors: ['Output of ask is not connected'],
          warnings: ['Long button title'],
          untested: [
            { nodeName: 'is_adult', portLabel: 'false', connected: true },
            { nodeName: 'ask', portLabel: 'failure', connected: false },
          ],
          coverage: { covered: 1, total: 3, percent: 33 },
          changes: {
            since: null,
            lines: [],
            comparison: null,
            note: 'Not published on this server yet: the whole flow is new there.',
          },
        }}
      />,
    )
    expect(html).toContain('Changes on Production')
    expect(html).toContain('Not published on this server yet')
    expect(html).toMatch(/Errors: fix them to publish.*Output of ask is not connected/)
    expect(html).toContain('2 untested branches (coverage 33%): is_adult → false, ask → failure (not connected)')
    expect(html).toContain('<li>Long button title</li>')
  })
})
