// The rows of the A/B split (migration 030) as both stores read them, and the one rule for a new split's `since`.
import type { FlowSplit } from '../../../shared/api/commands/split'
import type { SplitSeen } from './split'

export interface SplitRow {
  flow_id: string
  version_a: number | string
  version_b: number | string
  percent: number | string
  since: number | string
  /** The contact's assignment, when read with one (LEFT JOIN). */
  a_version?: number | string | null
  a_since?: number | string | null
}

export function toSplit(r: SplitRow): FlowSplit {
  return {
    flowId: r.flow_id,
    versions: [Number(r.version_a), Number(r.version_b)],
    percent: Number(r.percent),
    since: Number(r.since),
  }
}

export function toSeen(rows: SplitRow[]): Map<string, SplitSeen> {
  return new Map(
    rows.map((r) => [
      r.flow_id,
      {
        split: toSplit(r),
        assigned:
          r.a_version === null || r.a_version === undefined
            ? null
            : { version: Number(r.a_version), since: Number(r.a_since) },
      },
    ]),
  )
}

/**
 * The `since` of a split being set: the running one's when the versions are the same (a change of percent keeps
 * every contact's assignment), else a new one after it (assignments made under the old one count for nothing).
 */
export function sinceOf(running: FlowSplit | null, versions: [number, number], now: number): number {
  if (running && running.versions[0] === versions[0] && running.versions[1] === versions[1]) return running.since
  return running ? Math.max(now, running.since + 1) : now
}

/** Written when a run of a split flow starts: the contact keeps `version` while this split lasts. */
export const ASSIGN_SQL = {
  sqlite: `INSERT INTO flow_split_assignments (flow_id, contact_id, since, version, assigned_at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (flow_id, contact_id) DO UPDATE SET since = excluded.since, version = excluded.version,
      assigned_at = excluded.assigned_at WHERE flow_split_assignments.since <> excluded.since`,
}
