import type { Database } from 'better-sqlite3'
import { LogRetentionSchema, type LogRetention } from '../../../shared/api/commands/logs'
import { readSetting, writeSetting } from '../../services/settings/saved'

// Retention and purge. Deleting 100,000 runs with their trace and messages in one transaction would hold the back
// end's only thread for seconds, so deletes go in batches with a turn of the event loop between them: UI calls
// and webhook requests are served in between. Only finished runs (ended, failed) are ever deleted: an executing or
// paused run is live state that a customer's next message resumes.

export const RETENTION_KEY = 'logs.retention'
export const DEFAULT_RETENTION: LogRetention = { days: null, keepLast: null }
const BATCH = 500
const DAY_MS = 86_400_000
const FINISHED = "status IN ('ended', 'failed')"

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/** The saved policy; throws `setting_unreadable` when the saved one cannot be read (settings/saved.ts). */
export function readRetention(db: Database): LogRetention {
  const v = readSetting(db, RETENTION_KEY, LogRetentionSchema.partial(), 'log retention')
  return { days: v?.days ?? null, keepLast: v?.keepLast ?? null }
}

export function writeRetention(db: Database, value: LogRetention, now: number): void {
  writeSetting(db, RETENTION_KEY, value, now)
}

/** Deletes every finished run matching `where` (SQL over runs), BATCH runs per transaction; returns the count. */
export async function deleteRuns(db: Database, where: string, args: unknown[]): Promise<number> {
  const batch = db.prepare(
    `DELETE FROM runs WHERE rowid IN (SELECT rowid FROM runs WHERE ${where} AND ${FINISHED} LIMIT ${BATCH})`,
  )
  let total = 0
  for (;;) {
    const { changes } = batch.run(...args)
    total += changes
    if (changes < BATCH) return total
    await tick()
  }
}

/** Finished runs of one flow (or all), optionally only those started before `before`. */
export function purge(db: Database, opts: { flowId?: string; before?: number }): Promise<number> {
  const where = ['1 = 1']
  const args: unknown[] = []
  if (opts.flowId !== undefined) {
    where.push('flow_id = ?')
    args.push(opts.flowId)
  }
  if (opts.before !== undefined) {
    where.push('started_at < ?')
    args.push(opts.before)
  }
  return deleteRuns(db, where.join(' AND '), args)
}

/** Every flow id that has runs: one index seek per flow rather than a scan of all runs. */
export function flowIdsWithRuns(db: Database): string[] {
  const next = db.prepare('SELECT flow_id FROM runs WHERE flow_id > ? ORDER BY flow_id LIMIT 1').pluck()
  const ids: string[] = []
  for (let id = next.get('') as string | undefined; id !== undefined; id = next.get(id) as string | undefined)
    ids.push(id)
  return ids
}

/** Applies a retention policy now; returns how many runs were deleted. */
export async function applyRetention(db: Database, policy: LogRetention, now: number): Promise<number> {
  let deleted = 0
  if (policy.days !== null) deleted += await deleteRuns(db, 'started_at < ?', [now - policy.days * DAY_MS])
  if (policy.keepLast !== null) {
    const nth = db.prepare(
      'SELECT started_at AS startedAt, rowid AS seq FROM runs WHERE flow_id = ? ORDER BY started_at DESC, rowid DESC LIMIT 1 OFFSET ?',
    )
    for (const flowId of flowIdsWithRuns(db)) {
      const edge = nth.get(flowId, policy.keepLast - 1) as { startedAt: number; seq: number } | undefined
      if (!edge) continue
      deleted += await deleteRuns(db, 'flow_id = ? AND (started_at, rowid) < (?, ?)', [
        flowId,
        edge.startedAt,
        edge.seq,
      ])
    }
  }
  return deleted
}
