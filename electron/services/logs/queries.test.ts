import type { Database } from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LogCursor, LogFilter } from '../../../shared/api/commands/logs'
import { HandoverStore } from '../handovers/store'
import { LogQueries } from './queries'
import { seedContact, seedRuns, seedStatus, seedTrigger } from './seed'
import { tempDatabase } from './testing/db'

const N = 600
const T0 = Date.UTC(2026, 0, 1)
let db: Database
let cleanup: () => void
let q: LogQueries

beforeAll(() => {
  ;({ db, cleanup } = tempDatabase())
  seedRuns(db, { flowId: 'f1', runs: N, nodesPerRun: 4, contacts: 7, t0: T0, stepMs: 1000 })
  // A second flow in the same tables, and two runs in one millisecond (the keyset tie-break).
  seedRuns(db, { flowId: 'f2', runs: 10, nodesPerRun: 2, contacts: 7, t0: T0, stepMs: 0 })
  q = new LogQueries(db)
})
afterAll(() => cleanup())

/** Every run the filter selects, by walking the pages. */
function all(flowId: string, filter: LogFilter, limit = 37): string[] {
  const ids: string[] = []
  let after: LogCursor | undefined
  for (;;) {
    const page = q.list(flowId, filter, after, limit)
    ids.push(...page.runs.map((r) => r.id))
    if (!page.next) return ids
    after = page.next
  }
}

const expected = (pred: (i: number) => boolean): string[] => {
  const ids: string[] = []
  for (let i = N - 1; i >= 0; i--) if (pred(i)) ids.push(`r_seed_f1_${i}`)
  return ids
}

describe('LogQueries.list on a real SQLite file', () => {
  it('lists a flow newest first with its contact, and pages by keyset without gaps or repeats', () => {
    const first = q.list('f1', {}, undefined, 5)
    expect(first.runs.map((r) => r.id)).toEqual(expected(() => true).slice(0, 5))
    expect(first.runs[0]).toMatchObject({
      flowId: 'f1',
      status: seedStatus(N - 1),
      triggerKind: seedTrigger(N - 1),
      nodeCount: 4,
    })
    expect(first.runs[0]!.contact).toEqual({
      id: seedContact(N - 1, 7),
      name: `Seed Customer ${(N - 1) % 7}`,
      phone: `+1555${String((N - 1) % 7).padStart(7, '0')}`,
    })
    expect(all('f1', {})).toEqual(expected(() => true))
  })

  it('pages through runs that share one start millisecond, each exactly once', () => {
    const ids = all('f2', {}, 3)
    expect(ids).toHaveLength(10)
    expect(new Set(ids).size).toBe(10)
    // Same start time: storage order, newest insert first.
    expect(ids[0]).toBe('r_seed_f2_9')
  })

  it('filters by state, by several states, and by trigger kind', () => {
    expect(all('f1', { status: ['failed'] })).toEqual(expected((i) => seedStatus(i) === 'failed'))
    expect(all('f1', { status: ['failed', 'paused'] })).toEqual(
      expected((i) => ['failed', 'paused'].includes(seedStatus(i))),
    )
    expect(all('f1', { triggerKind: ['webhook'] })).toEqual(expected((i) => seedTrigger(i) === 'webhook'))
    expect(all('f1', { status: ['ended'], triggerKind: ['manual'] })).toEqual(
      expected((i) => seedStatus(i) === 'ended' && seedTrigger(i) === 'manual'),
    )
  })

  it('filters by contact id, part of a name, or part of a phone number', () => {
    const of3 = expected((i) => i % 7 === 3)
    expect(all('f1', { contact: 'c_seed_3' })).toEqual(of3)
    expect(all('f1', { contact: 'customer 3' })).toEqual(of3)
    expect(all('f1', { contact: '0000003' })).toEqual(of3)
    expect(q.list('f1', { contact: 'nobody like this' }, undefined, 10)).toEqual({ runs: [], next: null })
  })

  it('filters by an inclusive time range', () => {
    expect(all('f1', { from: T0 + 100_000, to: T0 + 109_000 })).toEqual(expected((i) => i >= 100 && i <= 109))
  })

  it('searches words of messages and variables through the full-text index, the last word as a prefix', () => {
    expect(all('f1', { text: 'THANKS 123' })).toEqual(['r_seed_f1_123'])
    expect(all('f1', { text: 'ord-45' })).toEqual(expected((i) => `ORD-${i}`.startsWith('ORD-45')))
    expect(all('f1', { text: 'paused' })).toEqual([])
    expect(all('f1', { text: '%' })).toEqual([])
    expect(all('f1', { text: 'order_id ORD-5' })).toEqual(expected((i) => `ORD-${i}`.startsWith('ORD-5')))
    expect(all('f1', { text: 'order 7', status: ['failed'] })).toEqual(
      expected((i) => `order ${i}`.startsWith('order 7') && seedStatus(i) === 'failed'),
    )
    // Words in order and adjacent; a word inside another word is not a match.
    expect(all('f1', { text: 'thanks order' })).toEqual([])
    expect(all('f1', { text: 'hanks 123' })).toEqual([])
  })

  it('pages a search exactly in list order when the index is read in small chunks, ties in one millisecond included', () => {
    const chunked = new LogQueries(db, { maxChunk: 3 })
    const walk = (flowId: string, filter: LogFilter, limit: number) => {
      const ids: string[] = []
      let after: LogCursor | undefined
      for (;;) {
        const p = chunked.list(flowId, filter, after, limit)
        ids.push(...p.runs.map((r) => r.id))
        if (!p.next) return ids
        after = p.next
      }
    }
    for (const filter of [
      { text: 'thanks' },
      { text: 'order 1' },
      { text: 'ord 3', status: ['paused'] },
      { text: 'thanks', from: T0 + 50_000, to: T0 + 70_000 },
    ] as LogFilter[]) {
      const found = new Set(all('f1', filter, 1000))
      const want = all('f1', { ...filter, text: undefined }, 1000).filter((id) => found.has(id))
      expect(walk('f1', filter, 4)).toEqual(want)
      expect(want.length).toBeGreaterThan(5)
    }
    expect(walk('f1', { text: 'thanks' }, 50)).toEqual(expected(() => true))
    // f2's ten runs share one start millisecond: the search pages them in the list's storage order.
    expect(walk('f2', { text: 'thanks' }, 3)).toEqual(all('f2', {}, 100))
  })

  it("serves every single-value filter from an index, in index order (no sort of the flow's runs)", () => {
    const cursor = { startedAt: T0 + 300_000, seq: 300 }
    for (const filter of [
      {},
      { status: ['failed'] },
      { triggerKind: ['keyword'] },
      { contact: 'c_seed_2' },
    ] as LogFilter[]) {
      const built = q.listQuery('f1', filter, cursor, 50)!
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${built.sql}`).all(...built.args) as Array<{ detail: string }>)
        .map((r) => r.detail)
        .join(' | ')
      expect(plan).toMatch(/USING INDEX runs_flow_/)
      expect(plan).not.toMatch(/TEMP B-TREE/)
    }
  })
})

it('pages a search in list order where the index key wraps inside one millisecond (rowid mod 2^21)', () => {
  const run =
    db.prepare(`INSERT INTO runs (rowid, id, flow_id, flow_name, contact_id, status, trigger_kind, state, started_at, updated_at)
    VALUES (?, ?, 'f3', 'F3', 'c_seed_0', 'ended', 'manual', '{"vars":{}}', ?, ?)`)
  const msg = db.prepare(`INSERT INTO messages (run_id, seq, contact_id, direction, type, payload, created_at)
    VALUES (?, 0, 'c_seed_0', 'out', 'text', '{"type":"text","text":{"body":"wrap test"}}', ?)`)
  const at = T0 + 5_000_000
  for (const rowid of [2_097_150, 2_097_151, 2_097_152, 2_097_153]) {
    run.run(rowid, `r_wrap_${rowid}`, at, at)
    msg.run(`r_wrap_${rowid}`, at)
  }
  const chunked = new LogQueries(db, { maxChunk: 1 })
  const ids: string[] = []
  let after: LogCursor | undefined
  do {
    const p = chunked.list('f3', { text: 'wrap' }, after, 1)
    ids.push(...p.runs.map((r) => r.id))
    after = p.next ?? undefined
  } while (after)
  expect(ids).toEqual(['r_wrap_2097153', 'r_wrap_2097152', 'r_wrap_2097151', 'r_wrap_2097150'])
})

it("reads a search's matches by rowid, never scanning the runs", () => {
  const built = q.listQuery('f1', { status: ['failed'] }, undefined, 50, [1, 2, 3])!
  const plan = (db.prepare(`EXPLAIN QUERY PLAN ${built.sql}`).all(...built.args) as Array<{ detail: string }>)
    .map((r) => r.detail)
    .join(' | ')
  expect(plan).toMatch(/SEARCH r USING INTEGER PRIMARY KEY \(rowid=\?\)/)
  expect(plan).not.toMatch(/SCAN r\b/)
})

describe('LogQueries.run and facets', () => {
  it('gives the trace in order with ports, errors and timings, the conversation, variables and total time', () => {
    const failed = 3 // seedStatus(3) === 'failed'
    const t = q.run(`r_seed_f1_${failed}`)!
    expect(t.run.status).toBe('failed')
    expect(t.trace.map((e) => e.seq)).toEqual([0, 1, 2, 3])
    expect(t.path).toEqual(['n_0', 'n_1', 'n_2', 'n_3'])
    expect(t.trace[0]).toMatchObject({ nodeType: 'trigger', port: 'out', input: { step: 0 }, error: null })
    expect(t.trace[3]).toMatchObject({
      nodeType: 'http_call',
      port: null,
      error: { code: 'http_failed', message: 'HTTP Call answered 500' },
    })
    expect(t.messages.map((m) => m.direction)).toEqual(['in', 'out'])
    expect(t.vars).toEqual({ order_id: 'ORD-3', amount: 3 })
    expect(t.totalMs).toBe(6)
    expect(q.run('r_missing')).toBeNull()
  })

  it('lists the trigger kinds that occur in a flow', () => {
    expect(q.triggerKinds('f1')).toEqual(['keyword', 'manual', 'webhook'])
    expect(q.triggerKinds('nope')).toEqual([])
  })
})

describe('a Hand over node’s run in the list', () => {
  it('carries the takeover it started, open until the hand-back, and nothing for other runs', () => {
    const handovers = new HandoverStore(db)
    const runId = `r_seed_f1_${N - 1}`
    const contactId = seedContact(N - 1, 7)
    const since = T0 + 5_000_000
    const row = () => q.rows([runId, `r_seed_f1_${N - 2}`])
    handovers.open(contactId, {
      id: 'hnd_logs_1',
      since,
      by: 'node',
      runId,
      flowId: 'f1',
      nodeId: 'n_hand',
      until: null,
      note: null,
    })
    const open = row()
    expect(open.find((r) => r.id === runId)?.handover).toEqual({ since, endedAt: null })
    expect(open.find((r) => r.id !== runId)?.handover).toBeUndefined()
    expect(q.list('f1', {}, undefined, 1).runs[0]?.handover).toEqual({ since, endedAt: null })

    handovers.end({ handoverId: 'hnd_logs_1', at: since + 60_000, by: 'studio', variables: {} })
    expect(row().find((r) => r.id === runId)?.handover).toEqual({ since, endedAt: since + 60_000 })
  })
})
