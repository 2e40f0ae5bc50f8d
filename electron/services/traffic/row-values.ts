// Each aggregate row as its columns' values in table order (the cohort, the row's key, its counts: migration 029):
// the one place that order is written, for SQLite's upserts, PostgreSQL's pending rows (pending.ts) and the bench.
import type { AnswerRow, EdgeRow, NodeRow, RunsRow } from './run-traffic'

export const rowValues = {
  runs: (r: RunsRow) => [r.flowId, r.day, r.version, r.started, r.ended, r.failed, r.expired, r.abandoned, r.turns],
  nodes: (n: NodeRow) => [
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
  ],
  edges: (e: EdgeRow) => [e.flowId, e.day, e.version, e.from, e.port, e.to, e.runs],
  answers: (a: AnswerRow) => [a.flowId, a.day, a.version, a.nodeId, a.bucket, a.answers],
}
