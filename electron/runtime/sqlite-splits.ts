// The A/B split in SQLite (migration 030; docs/runtime.md "A/B split"): a flow's split, the contact's assignments
// read with it on every message, and the assignments a start writes inside the step's transaction.
import type { Database, Statement } from 'better-sqlite3'
import type { FlowSplit } from '../../shared/api/commands/split'
import type { SplitAssignment, SplitSeen } from '../services/publish/split'
import { ASSIGN_SQL, sinceOf, toSeen, toSplit, type SplitRow } from '../services/publish/split-rows'
import type { GroupCommit } from './group-commit'

export class SqliteSplits {
  private readonly sql: Record<'get' | 'seen' | 'put' | 'forget' | 'assign', Statement>

  constructor(
    db: Database,
    private readonly writer: GroupCommit,
  ) {
    this.sql = {
      get: db.prepare('SELECT * FROM flow_splits WHERE flow_id = ?'),
      // Read on every message: no split, no row, one probe of an empty table.
      seen: db.prepare(`SELECT s.*, a.version AS a_version, a.since AS a_since FROM flow_splits s
        LEFT JOIN flow_split_assignments a ON a.flow_id = s.flow_id AND a.contact_id = ?`),
      put: db.prepare(`INSERT INTO flow_splits (flow_id, version_a, version_b, percent, since, updated_at)
        VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (flow_id) DO UPDATE SET version_a = excluded.version_a,
        version_b = excluded.version_b, percent = excluded.percent, since = excluded.since, updated_at = excluded.updated_at`),
      forget: db.prepare('DELETE FROM flow_split_assignments WHERE flow_id = ? AND since <> ?'),
      assign: db.prepare(ASSIGN_SQL.sqlite),
    }
  }

  get(flowId: string): FlowSplit | null {
    const row = this.sql.get.get(flowId) as SplitRow | undefined
    return row ? toSplit(row) : null
  }

  seen(contactId: string): Map<string, SplitSeen> {
    return toSeen(this.sql.seen.all(contactId) as SplitRow[])
  }

  put(flowId: string, versions: [number, number], percent: number, now: number): Promise<FlowSplit> {
    return this.writer.run(() => {
      const since = sinceOf(this.get(flowId), versions, now)
      this.sql.put.run(flowId, versions[0], versions[1], percent, since, now)
      this.sql.forget.run(flowId, since)
      return { flowId, versions, percent, since }
    })
  }

  /** Inside the step's transaction. */
  assign(contactId: string, assignments: readonly SplitAssignment[], at: number): void {
    for (const a of assignments) this.sql.assign.run(a.flowId, contactId, a.since, a.version, at)
  }
}
