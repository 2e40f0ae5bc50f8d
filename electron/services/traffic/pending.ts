// A write's traffic counts as the text of one pending row (migration 032, `traffic_pending`, PostgreSQL: issue #33,
// docs/runtime.md "Traffic aggregates"). Steps append; a fold (electron/runtime/pg-traffic-fold.ts) adds the pending
// rows' sums to the aggregates and deletes them in one transaction, so no step writes the aggregates' rows, which
// every step of a flow shares and concurrent steps queued on.
import type { TrafficBatch } from './run-traffic'

/**
 * The rows of `batch` as text (null: nothing to add): four arrays, each row the cohort (flow, day, version), its
 * key and its counts. Arrays rather than objects: short, and PostgreSQL's fold reads them by position.
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

/** How often an instance that wrote folds: pending rows stay few (a fold's cost grows with them); reads fold anyway. */
export const FOLD_EVERY_MS = 1000
