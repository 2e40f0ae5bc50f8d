import type { Database } from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { applyRetention, flowIdsWithRuns, purge, readRetention, writeRetention } from './housekeeping'
import { seedRuns, seedStatus } from '../../services/logs/seed'
import { tempDatabase } from '../../services/logs/testing/db'

const DAY = 86_400_000
const T0 = Date.UTC(2026, 0, 1)
let db: Database
let cleanup: () => void

beforeEach(() => {
  ;({ db, cleanup } = tempDatabase())
  // 30 runs one day apart, and a busier second flow (more than two delete batches) started at T0.
  seedRuns(db, { flowId: 'f1', runs: 30, nodesPerRun: 3, contacts: 3, t0: T0, stepMs: DAY })
  seedRuns(db, { flowId: 'f2', runs: 1200, nodesPerRun: 2, contacts: 3, t0: T0, stepMs: 1 })
})
afterEach(() => cleanup())

const count = (sql: string, ...args: unknown[]): number =>
  db
    .prepare(sql)
    .pluck()
    .get(...args) as number
const runsOf = (flowId: string): number => count('SELECT COUNT(*) FROM runs WHERE flow_id = ?', flowId)
const pausedOf = (flowId: string): number =>
  count("SELECT COUNT(*) FROM runs WHERE flow_id = ? AND status = 'paused'", flowId)
const orphans = (): number =>
  count('SELECT COUNT(*) FROM trace_events WHERE run_id NOT IN (SELECT id FROM runs)') +
  count('SELECT COUNT(*) FROM messages WHERE run_id NOT IN (SELECT id FROM runs)')

describe('purge and retention', () => {
  it('purges the finished runs of one flow in batches, with their traces and messages, keeping paused ones', async () => {
    const deleted = await purge(db, { flowId: 'f2' })
    const paused = Array.from({ length: 1200 }, (_, i) => seedStatus(i)).filter((s) => s === 'paused').length
    expect(deleted).toBe(1200 - paused)
    expect(runsOf('f2')).toBe(paused)
    expect(runsOf('f1')).toBe(30)
    expect(orphans()).toBe(0)
  })

  it('purges only runs started before a time', async () => {
    const deleted = await purge(db, { flowId: 'f1', before: T0 + 10 * DAY })
    expect(deleted).toBe(Array.from({ length: 10 }, (_, i) => seedStatus(i)).filter((s) => s !== 'paused').length)
    expect(count('SELECT COUNT(*) FROM runs WHERE flow_id = ? AND started_at >= ?', 'f1', T0 + 10 * DAY)).toBe(20)
  })

  it('keeps N days: older finished runs go, paused ones stay', async () => {
    const now = T0 + 30 * DAY
    const deleted = await applyRetention(db, { days: 7, keepLast: null }, now)
    const older = Array.from({ length: 23 }, (_, i) => seedStatus(i))
    // f2's runs all started 30 days before `now`: its finished ones go too.
    const f2Paused = Array.from({ length: 1200 }, (_, i) => seedStatus(i)).filter((s) => s === 'paused').length
    expect(deleted).toBe(older.filter((s) => s !== 'paused').length + 1200 - f2Paused)
    expect(
      count('SELECT MIN(started_at) FROM runs WHERE flow_id = ? AND status != ?', 'f1', 'paused'),
    ).toBeGreaterThanOrEqual(now - 7 * DAY)
    expect(pausedOf('f1')).toBe(6)
    expect(runsOf('f2')).toBe(f2Paused)
  })

  it('keeps the last N runs of every flow', async () => {
    await applyRetention(db, { days: null, keepLast: 5 }, T0)
    const newest = db.prepare("SELECT id FROM runs WHERE flow_id = 'f2' ORDER BY started_at DESC LIMIT 5").pluck().all()
    expect(newest).toEqual(['r_seed_f2_1199', 'r_seed_f2_1198', 'r_seed_f2_1197', 'r_seed_f2_1196', 'r_seed_f2_1195'])
    // The rest of f2 is the paused runs older than the newest five.
    expect(runsOf('f2')).toBe(
      5 + Array.from({ length: 1195 }, (_, i) => seedStatus(i)).filter((s) => s === 'paused').length,
    )
    expect(runsOf('f1')).toBe(
      5 + Array.from({ length: 25 }, (_, i) => seedStatus(i)).filter((s) => s === 'paused').length,
    )
    expect(orphans()).toBe(0)
  })

  it('stores the policy in settings, defaulting to keep everything', () => {
    expect(readRetention(db)).toEqual({ days: null, keepLast: null })
    writeRetention(db, { days: 30, keepLast: 1000 }, T0)
    expect(readRetention(db)).toEqual({ days: 30, keepLast: 1000 })
    expect(flowIdsWithRuns(db)).toEqual(['f1', 'f2'])
  })
})
