import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { PublishPreview as Preview } from '../../shared/api/commands/publish'
import { PublishPreview } from './PublishPreview'

const base: Preview = {
  revision: { revision: 12, label: null, description: null },
  errors: [],
  warnings: [],
  untested: [],
  coverage: { covered: 2, total: 2, percent: 100 },
  changes: {
    since: 3,
    sinceLabel: null,
    lines: ['Changed node goodbye: text: "a" → "b"'],
    comparison: null,
    note: null,
  },
}

describe('PublishPreview', () => {
  it('lists the changes since the running version, and nothing else when all is well', () => {
    const html = renderToStaticMarkup(<PublishPreview preview={base} serverName="Production" />)
    expect(html).toContain('Changes since version 3 on Production')
    expect(html).toContain('<li>Changed node goodbye: text: &quot;a&quot; → &quot;b&quot;</li>')
    expect(html).not.toContain('Errors')
    expect(html).not.toContain('Warnings')
    expect(html).toContain('Publishing revision 12, not named yet: publishing names it after the server and version.')
  })

  it('names the revision being published and the one the server runs', () => {
    const html = renderToStaticMarkup(
      <PublishPreview
        serverName="Production"
        preview={{
          ...base,
          revision: { revision: 14, label: 'holiday hours', description: 'Closed on the 25th' },
          changes: { ...base.changes, sinceLabel: 'Production v3' },
        }}
      />,
    )
    expect(html).toContain('Changes since version 3 (Production v3) on Production')
    expect(html).toContain('Publishing revision 14, named “holiday hours”: Closed on the 25th')
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
            sinceLabel: null,
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

  // Issue 30: a publish sends the flows the flow calls; the preview lists each with what changed in it.
  it('lists the flows it calls with their changes or why there are none', () => {
    const html = renderToStaticMarkup(
      <PublishPreview
        serverName="Production"
        preview={{
          ...base,
          dependencies: [
            {
              flowId: 'flw_sms',
              name: 'Send code',
              since: 1,
              lines: [],
              note: 'Unchanged since version 1: the server reuses it.',
            },
            {
              flowId: 'flw_verify',
              name: 'Verify phone',
              since: 2,
              lines: ['Changed node say: text: "a" → "b"'],
              note: null,
            },
          ],
        }}
      />,
    )
    expect(html).toContain('Flows it calls, sent with it')
    expect(html).toContain(
      '<strong>Send code</strong><span class="transfer-note"> — Unchanged since version 1: the server reuses it.</span>',
    )
    expect(html).toMatch(
      /<strong>Verify phone<\/strong> — changes since version 2:<ul class="publish-changes"><li>Changed node say/,
    )
    expect(renderToStaticMarkup(<PublishPreview preview={base} serverName="Production" />)).not.toContain(
      'Flows it calls',
    )
  })
})
