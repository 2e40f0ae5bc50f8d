// Runs, trace, messages and contacts in PostgreSQL, read back in the shapes RunStore and ContactStore give in SQLite
// (electron/services/runs); pg-step.ts writes them (mapped by electron/services/runs/step-rows.ts, as SQLite writes them).
import type { Queryable } from './pg-transaction'
import type { Contact, TraceEvent } from '../../shared/engine'
import {
  toLoggedMessage,
  toSummary,
  toTrace,
  type LoggedMessage,
  type MessageRow,
  type RunRow,
  type TraceRow,
} from '../services/runs/run-store'

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
  /** Migration 026: the language a Set Language node chose for the contact. */
  language: string | null
}

export function toContact(r: ContactRow): Contact {
  return {
    id: r.id,
    name: r.name,
    phone: r.phone,
    optedIn: r.opted_in,
    lastInboundAt: r.last_inbound_at,
    fields: JSON.parse(r.fields) as Record<string, unknown>,
    language: r.language ?? null,
  }
}

/** What the store reads back of runs and contacts (the Flow Logs API reads through PgLogs). */
export class PgRuns {
  constructor(private readonly pool: Queryable) {}

  async run(runId: string) {
    return (await readRuns(this.pool, 'id = $1', [runId]))[0] ?? null
  }

  runsOfContact(contactId: string) {
    return readRuns(this.pool, 'contact_id = $1', [contactId], 'ORDER BY started_at, seq')
  }

  runsOfFlow(flowId: string, limit: number) {
    return readRuns(this.pool, 'flow_id = $1', [flowId, limit], 'ORDER BY started_at DESC, seq DESC LIMIT $2')
  }

  trace(runId: string) {
    return readTrace(this.pool, runId)
  }

  messages(runId: string) {
    return readMessages(this.pool, runId)
  }

  async contactByPhone(phone: string): Promise<Contact | null> {
    const { rows } = await this.pool.query<ContactRow>('SELECT * FROM contacts WHERE phone = $1', [phone])
    return rows[0] ? toContact(rows[0]) : null
  }
}
