import { describe, expect, it } from 'vitest'
import type { LogRun } from '../../shared/api/commands/logs'
import { loadedToRefresh, newerRuns, pillText, updateInPlace } from './live'

const run = (n: number, extra: Partial<LogRun> = {}): LogRun => ({
  id: `r${n}`,
  flowId: 'f',
  flowName: 'F',
  contact: { id: 'c', name: 'C', phone: '+1' },
  status: 'paused',
  triggerKind: 'manual',
  endReason: null,
  error: null,
  nodeCount: 1,
  execMs: 1,
  startedAt: n * 10,
  updatedAt: n * 10,
  endedAt: null,
  failedDeliveries: 0,
  wakeAt: null,
  cursor: { startedAt: n * 10, seq: n },
  ...extra,
})
const ids = (rs: LogRun[]) => rs.map((r) => r.id)

describe('updateInPlace', () => {
  const loaded = [9, 8, 7, 6].map((n) => run(n))
  it('replaces changed rows where they are, keeping order and count, and ignores runs not loaded', () => {
    const out = updateInPlace(loaded, [
      run(7, { status: 'ended', updatedAt: 999 }),
      run(12),
      run(3, { status: 'failed' }),
    ])
    expect(ids(out)).toEqual(['r9', 'r8', 'r7', 'r6'])
    expect(out[2]).toMatchObject({ status: 'ended', updatedAt: 999 })
    expect(out[0]).toBe(loaded[0])
  })
  it('gives back the same array when nothing changed, so React does not redraw', () => {
    expect(updateInPlace(loaded, [run(8)])).toBe(loaded)
    expect(updateInPlace(loaded, [])).toBe(loaded)
  })
})

describe('newerRuns', () => {
  const loaded = [9, 8, 7].map((n) => run(n))
  it("counts the fresh page's runs newer than the top row", () => {
    expect(newerRuns(loaded, { runs: [run(11), run(10), run(9), run(8)], next: run(8).cursor })).toEqual({
      count: 2,
      more: false,
    })
    expect(newerRuns(loaded, { runs: [run(9), run(8)], next: null })).toEqual({ count: 0, more: false })
  })
  it('says "more" when the whole fresh page is newer and there is a next page', () => {
    expect(newerRuns(loaded, { runs: [run(12), run(11)], next: run(11).cursor })).toEqual({ count: 2, more: true })
  })
  it('breaks start-time ties by storage order', () => {
    const tie = run(20, { cursor: { startedAt: 90, seq: 20 } })
    expect(newerRuns(loaded, { runs: [tie, run(9)], next: null }).count).toBe(1)
  })
  it('counts everything into an empty list', () => {
    expect(newerRuns([], { runs: [run(1)], next: null })).toEqual({ count: 1, more: false })
  })
})

describe('loadedToRefresh and pillText', () => {
  it('re-reads only loaded runs that the fresh page did not bring, once each', () => {
    const loaded = [9, 8, 7].map((n) => run(n))
    expect(loadedToRefresh(loaded, ['r7', 'r9', 'r7', 'r42'], [run(9)])).toEqual(['r7'])
  })
  it('words the pill', () => {
    expect(pillText({ count: 0, more: false })).toBeNull()
    expect(pillText({ count: 1, more: false })).toBe('1 new run')
    expect(pillText({ count: 3, more: false })).toBe('3 new runs')
    expect(pillText({ count: 100, more: true })).toBe('100+ new runs')
  })
})
