// Runs, trace and messages in PostgreSQL, read back in the shapes RunStore gives in SQLite
// (electron/studio/runs/run-store.ts); pg-step.ts writes them.
import type { PoolClient } from 'pg'
import type { Contact, TraceEvent } from '../../shared/engine'
import {
  toLoggedMessage,
  toSummary,
  toTrace,
  type LoggedMessage,
  type MessageRow,
  type RunRow,
  type TraceRow,
} from '../studio/runs/run-store'

type Queryable = Pick<PoolClient, 'query'>

export async function readRuns(
  c: Queryable,
  where: string,
  args: unknown[],
  tail = '',
): Promise<ReturnType<typeof toSummary>[]> {
  const { rows } = await c.query<RunRow>(`SELECT * FROM runs WHERE ${where} ${tail}`, args)
  return rows.map(toSummary)
}

export async function readTrace(c: Queryable, runId: string): Promise<TraceEvent[]> {
  const { rows } = await c.query<TraceRow>('SELECT * FROM trace_events WHERE run_id = $1 ORDER BY seq', [runId])
  return rows.map(toTrace)
}

export async function readMessages(c: Queryable, runId: string): Promise<LoggedMessage[]> {
  const { rows } = await c.query<MessageRow>('SELECT * FROM messages WHERE run_id = $1 ORDER BY seq', [runId])
  return rows.map(toLoggedMessage)
}

export interface ContactRow {
  id: string
  name: string
  phone: string
  opted_in: boolean
  last_inbound_at: number | null
  fields: string
}

export function toContact(r: ContactRow): Contact {
  return {
    id: r.id,
    name: r.name,
    phone: r.phone,
    optedIn: r.opted_in,
    lastInboundAt: r.last_inbound_at,
    fields: JSON.parse(r.fields) as Record<string, unknown>,
  }
}
