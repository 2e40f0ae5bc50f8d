// The PostgreSQL store's helpers for published flows, on any client (the pool, or a contact's transaction).
import type { PoolClient } from 'pg'
import type { FlowDocument } from '../../shared/flow/document'
import { readStoredFlow } from '../studio/store/stored-flow'

type Queryable = Pick<PoolClient, 'query'>

export async function activate(c: Queryable, flowId: string, version: number, at: number): Promise<void> {
  await c.query(
    `INSERT INTO published_flows (flow_id, active_version, activated_at) VALUES ($1, $2, $3)
     ON CONFLICT (flow_id) DO UPDATE SET active_version = excluded.active_version, activated_at = excluded.activated_at`,
    [flowId, version, at],
  )
}

/** Documents are cached by (flow, version): a stored version never changes, so only the pointer is read each time. */
export async function runningFlows(c: Queryable, docs: Map<string, FlowDocument>): Promise<FlowDocument[]> {
  const { rows } = await c.query<{ flow_id: string; active_version: number }>(
    'SELECT flow_id, active_version FROM published_flows ORDER BY flow_id',
  )
  const out: FlowDocument[] = []
  for (const r of rows) out.push(await documentOf(c, docs, r.flow_id, r.active_version))
  return out
}

export async function runningFlow(
  c: Queryable,
  docs: Map<string, FlowDocument>,
  flowId: string,
): Promise<FlowDocument | null> {
  const { rows } = await c.query<{ active_version: number }>(
    'SELECT active_version FROM published_flows WHERE flow_id = $1',
    [flowId],
  )
  return rows[0] ? documentOf(c, docs, flowId, rows[0].active_version) : null
}

/** The document of a published version, parsed once per (flow, version). */
export async function documentOf(
  c: Queryable,
  docs: Map<string, FlowDocument>,
  flowId: string,
  version: number,
): Promise<FlowDocument> {
  const key = `${flowId}@${version}`
  const cached = docs.get(key)
  if (cached) return cached
  const { rows } = await c.query<{ document: string }>(
    'SELECT document FROM flow_versions WHERE flow_id = $1 AND version = $2',
    [flowId, version],
  )
  const doc = readStoredFlow(rows[0]!.document)
  docs.set(key, doc)
  return doc
}
