// The traffic aggregates on PostgreSQL without shared rows on the hot path (issue #33, docs/runtime.md "Traffic
// aggregates"). A flow's aggregate rows of the day are shared by all its runs: when every step added to them in its
// own transaction, each held the rows from its write to its COMMIT and the flow's steps queued on them (measured: the
// step's write statement 0.4 → 60 ms mean at 16 contacts, lock waits on every step, PostgreSQL's CPU per message
// +40 %). Now a step appends its counts as one row of `traffic_pending` (migration 032: an insert with no index and
// no conflict, so two steps never wait on each other), and a fold moves them into the aggregates: the pending rows
// it sees are deleted and their sums added in one transaction, so every count is in exactly one of the two tables
// at any moment. Folds take one advisory lock (a fold waits for another rather than both adding in their own
// order); the runtime folds about once a second after it wrote, and every read folds first, so reads are exact.
import type pg from 'pg'
import type { TrafficBatch } from '../services/traffic/run-traffic'

/** Taken by every fold (one at a time per database). */
const FOLD_LOCK = 7_373_033

/**
 * A write's counts as the text of one pending row (null: nothing to add): four arrays of rows, each row the cohort
 * (flow, day, version), its key and its counts, in TrafficBatch's order. Arrays rather than objects: short, and the
 * fold reads them by position.
 */
export function pendingCounts(batch: TrafficBatch | null): string | null {
  if (!batch || batch.empty) return null
  const t = batch.rows(false)
  return JSON.stringify({
    r: t.runs.map((r) => [r.flowId, r.day, r.version, r.started, r.ended, r.failed, r.expired, r.abandoned, r.turns]),
    n: t.nodes.map((n) => [
      n.flowId,
      n.day,
      n.version,
      n.nodeId,
      n.reached,
      n.ended,
      n.failed,
      n.expired,
      n.abandoned,
      n.waiting,
    ]),
    e: t.edges.map((e) => [e.flowId, e.day, e.version, e.from, e.port, e.to, e.runs]),
    a: t.answers.map((a) => [a.flowId, a.day, a.version, a.nodeId, a.bucket, a.answers]),
  })
}

/** The data-modifying CTE of the step's write statement (pg-step.ts) that appends `param`'s pending row. */
export const appendPending = (param: string): string =>
  `INSERT INTO traffic_pending (counts) SELECT ${param}::text WHERE ${param}::text IS NOT NULL`

const COHORT = 'x->>0, (x->>1)::integer, (x->>2)::integer'
const sums = (from: number, names: string[]) =>
  names.map((n, i) => `sum((x->>${from + i})::integer) AS ${n}`).join(', ')
const added = (table: string, names: string[]) => names.map((n) => `${n} = ${table}.${n} + excluded.${n}`).join(', ')

const RUN_COUNTS = ['started', 'ended', 'failed', 'expired', 'abandoned', 'turns']
const NODE_COUNTS = ['reached', 'ended', 'failed', 'expired', 'abandoned', 'waiting']

/** One statement: the pending rows this snapshot sees, deleted, their sums added to the aggregates. */
const FOLD = `
  WITH d AS (DELETE FROM traffic_pending RETURNING counts::jsonb AS c),
  r AS (
    INSERT INTO traffic_runs (flow_id, day, version, ${RUN_COUNTS.join(', ')})
    SELECT ${COHORT}, ${sums(3, RUN_COUNTS)} FROM d, jsonb_array_elements(d.c->'r') x GROUP BY 1, 2, 3
    ON CONFLICT (flow_id, day, version) DO UPDATE SET ${added('traffic_runs', RUN_COUNTS)}),
  n AS (
    INSERT INTO traffic_nodes (flow_id, day, version, node_id, ${NODE_COUNTS.join(', ')})
    SELECT ${COHORT}, x->>3, ${sums(4, NODE_COUNTS)} FROM d, jsonb_array_elements(d.c->'n') x GROUP BY 1, 2, 3, 4
    ON CONFLICT (flow_id, day, version, node_id) DO UPDATE SET ${added('traffic_nodes', NODE_COUNTS)}),
  e AS (
    INSERT INTO traffic_edges (flow_id, day, version, from_node, port, to_node, runs)
    SELECT ${COHORT}, x->>3, x->>4, x->>5, ${sums(6, ['runs'])} FROM d, jsonb_array_elements(d.c->'e') x
    GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (flow_id, day, version, from_node, port, to_node) DO UPDATE SET ${added('traffic_edges', ['runs'])}),
  a AS (
    INSERT INTO traffic_answers (flow_id, day, version, node_id, bucket, answers)
    SELECT ${COHORT}, x->>3, (x->>4)::integer, ${sums(5, ['answers'])} FROM d, jsonb_array_elements(d.c->'a') x
    GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (flow_id, day, version, node_id, bucket) DO UPDATE SET ${added('traffic_answers', ['answers'])})
  SELECT count(*)::integer AS folded FROM d`

/**
 * Folds the pending counts into the aggregates; answers how many pending rows it folded. `wait: false` (the
 * periodic fold) gives up at once when another fold holds the lock, answering null; a read waits for it, so that
 * it reads every count committed before it started.
 */
export async function foldTraffic(pool: pg.Pool, wait = true): Promise<number | null> {
  const c = await pool.connect()
  try {
    if (wait) {
      // A read's fold in one round trip (a simple query: BEGIN, the lock, the fold, COMMIT).
      const results = (await c.query(
        `BEGIN; SELECT pg_advisory_xact_lock(${FOLD_LOCK}); ${FOLD}; COMMIT`,
      )) as unknown as Array<{ rows: Array<{ folded: number }> }>
      return results[2]!.rows[0]!.folded
    }
    const tried = (await c.query(
      `BEGIN; SELECT pg_try_advisory_xact_lock(${FOLD_LOCK}) AS locked`,
    )) as unknown as Array<{
      rows: Array<{ locked: boolean }>
    }>
    const folded = tried[1]!.rows[0]!.locked
      ? (await c.query<{ folded: number }>({ name: 'chatflow_traffic_fold', text: FOLD })).rows[0]!.folded
      : null
    await c.query('COMMIT')
    return folded
  } catch (err) {
    await c.query('ROLLBACK').catch(() => undefined)
    throw err
  } finally {
    c.release()
  }
}

/** How often an instance that wrote folds: pending rows stay few (a fold's cost grows with them), reads fold anyway. */
export const FOLD_EVERY_MS = 1000

/**
 * The periodic fold of one store: after this instance wrote counts, a fold within FOLD_EVERY_MS (an instance that
 * wrote nothing leaves it to the others). A fold that fails (the database away for a moment) is tried again at the
 * next tick; its rows stay pending meanwhile, and reads fold them.
 */
export class TrafficFolder {
  private dirty = false
  private timer: NodeJS.Timeout | null = null
  private running: Promise<unknown> | null = null

  constructor(
    private readonly pool: pg.Pool,
    private readonly everyMs = FOLD_EVERY_MS,
  ) {}

  /** This instance committed pending counts. */
  wrote(): void {
    this.dirty = true
    if (this.timer) return
    this.timer = setInterval(() => void this.tick(), this.everyMs)
    this.timer.unref()
  }

  private tick(): void {
    if (!this.dirty || this.running) return
    this.dirty = false
    this.running = foldTraffic(this.pool, false)
      // Another instance folding may not see this one's last rows: fold again at the next tick.
      .then((folded) => folded === null && (this.dirty = true))
      .catch(() => (this.dirty = true))
      .finally(() => (this.running = null))
  }

  /** Stops the ticks; answers once a fold under way has ended. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    await this.running
  }
}
