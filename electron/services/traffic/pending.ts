// A write's traffic counts as the text of one pending row (`traffic_pending`: migration 032 on PostgreSQL, 034 on SQLite; issue #33,
// docs/runtime.md "Traffic aggregates"). Steps append; a fold (electron/runtime/pg-traffic-fold.ts) adds the pending
// rows' sums to the aggregates and deletes them in one transaction, so no step writes the aggregates' rows, which
// every step of a flow shares and concurrent steps queued on.
import { rowValues } from './row-values'
import type { TrafficBatch } from './run-traffic'

/**
 * The rows of `batch` as text (null: nothing to add): four arrays, each row the cohort (flow, day, version), its
 * key and its counts. Arrays rather than objects: short, and PostgreSQL's fold reads them by position.
 */
export function pendingCounts(batch: TrafficBatch | null): string | null {
  if (!batch || batch.empty) return null
  const t = batch.rows(false)
  return JSON.stringify({
    r: t.runs.map(rowValues.runs),
    n: t.nodes.map(rowValues.nodes),
    e: t.edges.map(rowValues.edges),
    a: t.answers.map(rowValues.answers),
  })
}

/** How often an instance that wrote folds: pending rows stay few (a fold's cost grows with them); reads fold anyway. */
export const FOLD_EVERY_MS = 1000
