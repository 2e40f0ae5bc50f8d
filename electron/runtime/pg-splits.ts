// The A/B split in PostgreSQL (migration 030; docs/runtime.md "A/B split"), shared by every instance: a flow's split,
// the contact's assignments (read with the contact in pg-step.ts's opening statement, SPLITS_OF), and the
// assignments a start writes in the contact's transaction.
import type pg from 'pg'
import type { FlowSplit } from '../../shared/api/commands/split'
import type { SplitAssignment } from '../services/publish/split'
import { sinceOf, toSplit, type SplitRow } from '../services/publish/split-rows'
import { transaction, type Queryable } from './pg-transaction'

/** The flows' splits with the contact `c`'s assignments, as a JSON array of rows (a column of the opening read). */
export const SPLITS_OF = (c: string) => `(SELECT coalesce(json_agg(json_build_object('flow_id', s.flow_id,
      'version_a', s.version_a, 'version_b', s.version_b, 'percent', s.percent, 'since', s.since,
      'a_version', a.version, 'a_since', a.since)), '[]')
    FROM flow_splits s LEFT JOIN flow_split_assignments a ON a.flow_id = s.flow_id AND a.contact_id = ${c}.id)`

export class PgSplits {
  constructor(private readonly pool: pg.Pool) {}

  async get(flowId: string, c: Queryable = this.pool): Promise<FlowSplit | null> {
    const { rows } = await c.query<SplitRow>('SELECT * FROM flow_splits WHERE flow_id = $1', [flowId])
    return rows[0] ? toSplit(rows[0]) : null
  }

  /** Under the flow's lock, which publishes take too: a split and a publish of the flow never interleave. */
  put(flowId: string, versions: [number, number], percent: number, now: number): Promise<FlowSplit> {
    return transaction(this.pool, async (c) => {
      await c.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`flow:${flowId}`])
      const since = sinceOf(await this.get(flowId, c), versions, now)
      await c.query(
        `INSERT INTO flow_splits (flow_id, version_a, version_b, percent, since, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (flow_id) DO UPDATE SET version_a = excluded.version_a, version_b = excluded.version_b,
           percent = excluded.percent, since = excluded.since, updated_at = excluded.updated_at`,
        [flowId, versions[0], versions[1], percent, since, now],
      )
      await c.query('DELETE FROM flow_split_assignments WHERE flow_id = $1 AND since <> $2', [flowId, since])
      return { flowId, versions, percent, since }
    })
  }
}

/** In the contact's transaction: an assignment made under the same split is kept, never overwritten. */
export async function writeAssignments(
  c: Queryable,
  contactId: string,
  assignments: readonly SplitAssignment[],
  at: number,
): Promise<void> {
  for (const a of assignments)
    await c.query(
      `INSERT INTO flow_split_assignments (flow_id, contact_id, since, version, assigned_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (flow_id, contact_id) DO UPDATE SET since = excluded.since, version = excluded.version,
         assigned_at = excluded.assigned_at WHERE flow_split_assignments.since <> excluded.since`,
      [a.flowId, contactId, a.since, a.version, at],
    )
}
