import { describe, expect, it } from 'vitest'
import type { TrafficReport } from '../../shared/api/commands/traffic'
import { buildFlow } from '../../shared/engine/testing/fixtures'
import { count, duration, funnelLine, percent } from './format'
import { bandOf, trafficMarks, widthOf } from './marks'
import { periodOf } from './period'
import { dropOffRows, summaryRows } from './side-by-side'

const doc = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
    { type: 'question', name: 'ask', config: { prompt: 'Size?', saveTo: 'size' } },
    { type: 'message', name: 'confirm', config: { text: 'Done' } },
    { type: 'message', name: 'never', config: { text: 'Nobody comes here' } },
  ],
  [
    ['trigger_1', 'out', 'ask'],
    ['ask', 'out', 'confirm'],
    ['confirm', 'out', 'never'],
  ],
)

const node = (nodeId: string, reached: number, more: Partial<TrafficReport['nodes'][number]> = {}) => ({
  nodeId,
  reached,
  ended: 0,
  failed: 0,
  expired: 0,
  abandoned: 0,
  waiting: 0,
  stopped: 0,
  answers: 0,
  medianAnswerMs: null,
  ...more,
})

const report = (version: number | null, started: number, ask: number, confirm: number): TrafficReport => ({
  flowId: doc.id,
  from: '2026-01-01',
  to: '2026-01-31',
  version,
  versions: [2, 1],
  runs: {
    started,
    ended: confirm,
    failed: 0,
    expired: 3,
    abandoned: 0,
    waiting: ask - confirm - 3,
    turns: confirm,
    turnsPerRun: confirm / started,
  },
  nodes: [
    node('n_trigger_1', started),
    node('n_ask', ask, {
      waiting: ask - confirm - 3,
      expired: 3,
      stopped: ask - confirm,
      answers: confirm,
      medianAnswerMs: 80_000,
    }),
    node('n_confirm', confirm, { ended: confirm }),
  ],
  edges: [
    { from: 'n_trigger_1', port: 'out', to: 'n_ask', runs: ask, share: ask / started },
    { from: 'n_ask', port: 'out', to: 'n_confirm', runs: confirm, share: confirm / ask },
  ],
})

describe('traffic figures', () => {
  it('reads as the issue writes them', () => {
    expect(funnelLine('confirm', { reached: 412, runs: 1930, share: 412 / 1930 })).toBe(
      'reached confirm: 412 of 1,930, 21 %',
    )
    expect([percent(0), percent(0.001), percent(0.999), percent(1), percent(0.5)]).toEqual([
      '0 %',
      '<1 %',
      '>99 %',
      '100 %',
      '50 %',
    ])
    expect([duration(400), duration(42_000), duration(80_000), duration(3 * 3600_000 + 60_000)]).toEqual([
      'under 1 s',
      '42 s',
      '1 min 20 s',
      '3 h 1 min',
    ])
    expect(duration(3 * 86_400_000)).toBe('3.0 days')
    expect(count(1234567)).toBe('1,234,567')
  })

  it('periods are UTC days up to today', () => {
    const now = Date.UTC(2026, 2, 1, 0, 30)
    expect(periodOf(1, now)).toEqual({ from: '2026-03-01', to: '2026-03-01' })
    expect(periodOf(7, now)).toEqual({ from: '2026-02-23', to: '2026-03-01' })
  })
})

describe('trafficMarks', () => {
  it('gives every card its counts and every connection its runs, share, thickness and colour band', () => {
    const m = trafficMarks(doc, report(null, 100, 80, 20), null, 'n_confirm')
    const ask = m.nodes.get('n_ask')!
    expect(ask.sides[0]).toMatchObject({ label: '', reached: 80, stopped: 60, waiting: 57, expired: 3 })
    expect(ask.description).toBe(
      '80 reached; 60 stopped here (57 waiting, 3 expired); median answer time 1 min 20 s (20 answers)',
    )
    expect(m.nodes.get('n_confirm')).toMatchObject({
      goal: true,
      description: 'Goal. 20 reached; none stopped here; 20 ended here',
    })
    expect(m.nodes.get('n_never')!.description).toBe('no run reached it')
    const [first, second, third] = doc.edges.map((e) => m.edges.get(e.id)!)
    expect(first).toMatchObject({ runs: 80, share: 0.8, band: 4, width: widthOf(0.8), label: '80 runs, 80 %' })
    expect(second).toMatchObject({ runs: 20, share: 0.25, band: 2, label: '20 runs, 25 %' })
    expect(third).toMatchObject({ runs: 0, band: 'none', width: 1.5, label: '0 runs, 0 %' })
    expect(first!.width).toBeGreaterThan(second!.width)
  })

  it('two versions side by side: both figures, thickness by the first', () => {
    const m = trafficMarks(doc, report(1, 100, 80, 20), report(2, 50, 45, 30), null)
    expect(m.nodes.get('n_confirm')!.sides.map((s) => [s.label, s.reached])).toEqual([
      ['v1', 20],
      ['v2', 30],
    ])
    const e = m.edges.get(doc.edges[1]!.id)!
    expect(e.label).toBe('v1 20 runs, 25 % · v2 30 runs, 67 %')
    expect(e.share).toBe(0.25)
    expect(m.nodes.get('n_ask')!.key).not.toBe(
      trafficMarks(doc, report(1, 100, 80, 20), null, null).nodes.get('n_ask')!.key,
    )
  })

  it('bands and widths grow with the share', () => {
    expect([0.05, 0.2, 0.3, 0.6, 0.9].map((s) => bandOf(1, s))).toEqual([0, 1, 2, 3, 4])
    expect(bandOf(0, 0)).toBe('none')
    expect(widthOf(0)).toBe(1.5)
    expect(widthOf(1)).toBe(8)
  })
})

describe('side by side', () => {
  const a = {
    ...report(1, 100, 80, 20),
    funnel: { ...report(1, 1, 1, 1), goal: 'n_confirm', reached: 20, runs: 100, share: 0.2, path: [] },
  }
  const b = {
    ...report(2, 50, 45, 30),
    funnel: { ...report(2, 1, 1, 1), goal: 'n_confirm', reached: 30, runs: 50, share: 0.6, path: [] },
  }

  it('lists conversion, endings and turns for both versions', () => {
    const rows = summaryRows(a, b)
    expect(rows[0]).toEqual({ label: 'Conversion to the goal', a: '20 % (20 of 100)', b: '60 % (30 of 50)' })
    expect(rows.find((r) => r.label === 'Expired')).toEqual({ label: 'Expired', a: '3 (3 %)', b: '3 (6 %)' })
    expect(rows.at(-1)).toEqual({ label: 'Turns per run', a: '0.2', b: '0.6' })
    expect(summaryRows({ ...a, funnel: null }, { ...b, funnel: null })[0]!.label).toBe('Runs started')
  })

  it('orders the drop-off per node by the larger share', () => {
    const rows = dropOffRows(doc, a, b)
    expect(rows.map((r) => [r.name, r.a?.stopped, r.b?.stopped])).toEqual([['ask', 60, 15]])
  })
})
