import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { LogRun } from '../../shared/api/commands/logs'
import { JsonTree } from './JsonTree'
import { RunList } from './RunList'

const run = (n: number): LogRun => ({
  id: `r${n}`,
  flowId: 'f',
  flowName: 'F',
  contact: { id: 'c', name: `Customer ${n}`, phone: '+15550000000' },
  status: n % 2 ? 'failed' : 'ended',
  triggerKind: 'webhook',
  endReason: null,
  error: null,
  nodeCount: 10,
  execMs: 12.5,
  startedAt: 1_700_000_000_000 - n * 1000,
  updatedAt: 0,
  endedAt: null,
  failedDeliveries: 0,
  wakeAt: null,
  cursor: { startedAt: 0, seq: n },
})

const none = { newRuns: null, onSelect() {}, onMore() {}, onAtTop() {}, onShowNew() {} }

describe('RunList', () => {
  it('puts only the rows in view in the DOM, at 100,000 loaded runs, inside a box as tall as all of them', () => {
    const runs = Array.from({ length: 100_000 }, (_, i) => run(i))
    const html = renderToStaticMarkup(<RunList runs={runs} selectedId="r3" hasMore={false} loading={false} {...none} />)
    const rows = html.match(/data-run-id="/g) ?? []
    expect(rows.length).toBeGreaterThan(10)
    expect(rows.length).toBeLessThan(60)
    expect(html).toContain('aria-rowcount="100000"')
    expect(html).toContain(`height:${100_000 * 34}px`)
    expect(html).toMatch(/aria-selected="true"[^>]*data-run-id="r3"/)
    expect(html).toContain('Customer 0')
    expect(html).not.toContain('Customer 99999')
  })

  it('says so when nothing matches', () => {
    const html = renderToStaticMarkup(<RunList runs={[]} selectedId={null} hasMore={false} loading={false} {...none} />)
    expect(html).toContain('No executions match.')
    expect(html).not.toContain('new run')
  })

  it('shows the new-runs pill as a button above the list', () => {
    const html = renderToStaticMarkup(
      <RunList runs={[run(1)]} selectedId={null} hasMore={false} loading={false} {...none} newRuns="3 new runs" />,
    )
    expect(html).toMatch(
      /<button[^>]*class="logs-new-pill"[^>]*><svg[^>]*>.*?<\/svg> 3 new runs<\/button><div class="logs-list" role="grid"/,
    )
  })
})

describe('RunList: waiting runs', () => {
  it('says until when a paused run waits on time, in the flow zone, and only the state of other runs', () => {
    const due = Date.UTC(2030, 0, 2, 9, 0)
    const waiting: LogRun = { ...run(1), status: 'paused', wakeAt: due }
    const forCustomer: LogRun = { ...run(2), status: 'paused', wakeAt: null }
    const html = renderToStaticMarkup(
      <RunList
        runs={[waiting, forCustomer]}
        selectedId={null}
        hasMore={false}
        loading={false}
        timeZone="Asia/Kolkata"
        {...none}
      />,
    )
    // 09:00 UTC is 14:30 in Kolkata; not today, so the day is said too.
    expect(html).toMatch(/class="logs-state logs-waiting"[^>]*>waiting <span class="logs-due">until Wed 2 Jan, 14:30/)
    expect(html).toMatch(/class="logs-state"[^>]*>paused</)
  })
})

describe('JsonTree', () => {
  it('opens the first level, folds deeper ones, types scalars, and caps long arrays', () => {
    const html = renderToStaticMarkup(
      <JsonTree
        value={{
          name: 'Asha',
          n: 2,
          ok: true,
          none: null,
          deep: { inner: { x: 1 } },
          list: Array.from({ length: 250 }, (_, i) => i),
        }}
      />,
    )
    expect(html.match(/<details open=""/g)).toHaveLength(1)
    expect(html.match(/<details>/g)).toHaveLength(3)
    expect(html).toContain('<span class="json-string">&quot;Asha&quot;</span>')
    expect(html).toContain('<span class="json-number">2</span>')
    expect(html).toContain('<span class="json-bool">true</span>')
    expect(html).toContain('[250]')
    expect(html).toContain('… 50 more')
  })
})

describe('RunList takeovers', () => {
  it('marks a Hand over run "With a person" while the takeover lasts, and not once it is handed back', () => {
    const since = 1_700_000_000_000
    const open = { ...run(2), status: 'paused' as const, handover: { since, endedAt: null } }
    const back = { ...run(4), handover: { since, endedAt: since + 1000 } }
    const html = renderToStaticMarkup(
      <RunList runs={[open, back, run(6)]} selectedId={null} hasMore={false} loading={false} {...none} />,
    )
    expect(html.match(/With a person</g)).toHaveLength(1)
    expect(html).toMatch(/data-run-id="r2"[^]*?With a person since/)
  })
})

describe('RunList versions', () => {
  it('names the version each run started on, and leaves it blank for runs stored before versions were kept', () => {
    const html = renderToStaticMarkup(
      <RunList
        runs={[{ ...run(1), version: 3 }, { ...run(2), version: 4 }, run(3)]}
        selectedId={null}
        hasMore={false}
        loading={false}
        {...none}
      />,
    )
    expect(html).toContain('>Version</span>')
    expect(html).toContain('title="Started on version 3">v3</span>')
    expect(html).toContain('title="Started on version 4">v4</span>')
    expect(html).toContain('title="Started before versions were kept"></span>')
  })
})
