import type { Database } from 'better-sqlite3'
import type { FlowDocument } from '../../../shared/flow/document'
import type { FlowCoverage } from '../../../shared/api/commands/emulator'
import { upgradeNodes } from '../../../shared/nodes/load-flow'
import { branchesOf, percentOf, portKey, structureKey } from './branches'
import { CALL_KEY } from '../../services/runs/step-rows'
import { startsFlow } from '../../../shared/nodes/behaviour-of'

// Coverage from the Flow Logs: the same trace_events rows the log viewer reads, whoever made the run (emulator,
// conversation tests, webhook, manual trigger). Only runs started since the flow's structure last changed count.
// A flow's branches count wherever its nodes ran: in its own runs, and inside the runs of the flows that call it (a
// step inside a call keeps its flow in the row's input, electron/services/runs/step-rows.ts CALL_KEY); a callee's
// steps are not the caller's, whatever their node ids.

interface RevisionRow {
  document: string
  created_at: number
}

/**
 * When the flow's current structure began: walking revisions from the newest back, the time of the oldest one
 * with the same structure as `flow`. With no revisions (a flow file run outside the store) every run counts.
 */
export function structureSince(db: Database, flow: FlowDocument): number {
  const current = structureKey(flow)
  const rows = db
    .prepare('SELECT document, created_at FROM flow_revisions WHERE flow_id = ? ORDER BY revision DESC')
    .iterate(flow.id) as IterableIterator<RevisionRow>
  let since = 0
  for (const row of rows) {
    // Ports are read from configs, so an older revision is compared at this build's node versions.
    const revision = upgradeNodes(JSON.parse(row.document) as FlowDocument)
    if (!revision.ok || structureKey(revision.document) !== current) break
    since = row.created_at
  }
  return since
}

/** The flow a stored step ran in, when it ran inside a call (SQL over trace_events.input). */
const CALLED_IN = `CASE WHEN json_valid(t.input) THEN json_extract(t.input, '$.${CALL_KEY}.flowId') END`

/**
 * `callers`: the flows that call this one, directly or through others (their runs may have run its nodes). Without
 * them only the flow's own runs count.
 */
export function flowCoverage(db: Database, flow: FlowDocument, callers: readonly string[] = []): FlowCoverage {
  const since = structureSince(db, flow)
  const own = db
    .prepare(
      `SELECT DISTINCT t.node_id AS nodeId, t.port AS port FROM trace_events t JOIN runs r ON r.id = t.run_id
       WHERE r.flow_id = ? AND r.started_at >= ? AND ${CALLED_IN} IS NULL`,
    )
    .all(flow.id, since) as Array<{ nodeId: string; port: string | null }>
  const called = callers.length
    ? (db
        .prepare(
          `SELECT DISTINCT t.node_id AS nodeId, t.port AS port FROM trace_events t JOIN runs r ON r.id = t.run_id
           WHERE r.flow_id IN (${callers.map(() => '?').join(', ')}) AND r.started_at >= ? AND ${CALLED_IN} = ?`,
        )
        .all(...callers, since, flow.id) as Array<{ nodeId: string; port: string | null }>)
    : []
  // A call enters the flow where its trigger leads, without running the trigger: that way out counts as taken.
  const trigger = called.length ? flow.nodes.find((n) => startsFlow(n.type)) : undefined
  const entered = trigger
    ? flow.edges.filter((e) => e.source === trigger.id).map((e) => ({ nodeId: trigger.id, port: e.sourcePort }))
    : []
  const steps = [...own, ...called, ...entered]
  const runs = db
    .prepare('SELECT COUNT(*) FROM runs WHERE flow_id = ? AND started_at >= ?')
    .pluck()
    .get(flow.id, since) as number
  const taken = new Set(steps.filter((s) => s.port !== null).map((s) => portKey(s.nodeId, s.port!)))
  const branches = branchesOf(flow, taken)
  const covered = branches.filter((b) => b.covered).length
  const known = new Set(flow.nodes.map((n) => n.id))
  return {
    flowId: flow.id,
    branches,
    covered,
    total: branches.length,
    percent: percentOf(covered, branches.length),
    reachedNodeIds: [...new Set(steps.map((s) => s.nodeId))].filter((id) => known.has(id)),
    since,
    runs,
  }
}
