import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { BroadcastView, DryRunReport as Report } from '../../shared/broadcast'
import { BroadcastList } from './BroadcastList'
import { DryRunReport } from './DryRunReport'

const report = (r: Partial<Report>): Report => ({
  total: 5,
  willSend: 3,
  blocked: { opted_out: 1, outside_window: 0, invalid_number: 0, with_person: 1, duplicate: 0 },
  cost: { MARKETING: 0, UTILITY: 3, AUTHENTICATION: 0, total: 3 },
  firstAt: Date.UTC(2026, 11, 1, 10),
  lastAt: Date.UTC(2026, 11, 1, 10, 1),
  startsWithTemplate: true,
  newConversations: 3,
  days: 1,
  ...r,
})

describe('DryRunReport', () => {
  it('lists only the reasons that block someone, with the cost by category', () => {
    const html = renderToStaticMarkup(<DryRunReport report={report({})} />)
    expect(html).toContain('Would send to <strong>3</strong> of 5')
    expect(html).toContain('Opted out')
    expect(html).toContain('With a person')
    expect(html).not.toContain('Invalid number')
    expect(html).toMatch(/aria-label="Total cost">3 credits/)
    expect(html).not.toContain('not a Template Message')
  })

  it('warns when the flow does not start with a template, and says the days the daily limit takes', () => {
    const html = renderToStaticMarkup(<DryRunReport report={report({ startsWithTemplate: false, days: 3 })} />)
    expect(html).toContain('not a Template Message')
    expect(html).toContain('3 days to get through the daily limit')
  })
})

describe('BroadcastList', () => {
  it('teaches what a broadcast is when there is none', () => {
    const html = renderToStaticMarkup(<BroadcastList broadcasts={[]} targetName="this studio" onNew={() => {}} />)
    expect(html).toContain('No broadcasts on this studio yet')
    expect(html).toContain('dry run')
    expect(html).toContain('New broadcast')
  })

  it('shows each broadcast with its status and progress', () => {
    const b = {
      id: 'brd_1',
      name: 'December offer',
      flowId: 'flw_1',
      status: 'paused',
      createdAt: 0,
      startedAt: 0,
      finishedAt: null,
      counts: { pending: 6, started: 0, sent: 3, failed: 1, blocked: 0, cancelled: 0, total: 10, cost: 3 },
      ratePerSecond: 80,
      nextAt: null,
    } as unknown as BroadcastView
    const html = renderToStaticMarkup(<BroadcastList broadcasts={[b]} targetName="x" onNew={() => {}} />)
    expect(html).toContain('href="#/broadcasts/brd_1"')
    expect(html).toContain('Paused')
    expect(html).toContain('4 of 10 (40 %)')
    expect(html).toContain('aria-label="Progress of December offer"')
  })
})
