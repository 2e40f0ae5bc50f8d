// The contact as a run met it (LogTrace.contactAtStart), for "Save as test" (docs/testing.md, "Tests from real
// runs"): when the customer last wrote before the run started, from the inbound messages kept of their earlier runs
// (the window a webhook- or operator-started run was under), with their consent and fields. The same statement on
// both stores: the contact's runs by their (contact_id, status) index, each run's messages by its key.
import type { LogTrace } from '../../../shared/api/commands/logs'

/** `$1` the contact's id, `$2` the run's start (epoch ms); `?`-style for SQLite via `param`. */
export function contactAtStartSql(param: (n: 1 | 2) => string): string {
  return `SELECT c.opted_in AS opted_in, c.fields AS fields,
    (SELECT MAX(m.created_at) FROM runs r2 JOIN messages m ON m.run_id = r2.id
      WHERE r2.contact_id = c.id AND r2.started_at <= ${param(2)} AND m.direction = 'in' AND m.created_at < ${param(2)}) AS last_in
    FROM contacts c WHERE c.id = ${param(1)}`
}

export interface ContactAtStartRow {
  opted_in: boolean | number
  fields: string | null
  /** bigint: a string from PostgreSQL. */
  last_in: number | string | null
}

export function toContactAtStart(row: ContactAtStartRow | undefined): LogTrace['contactAtStart'] {
  if (!row) return undefined
  let fields: Record<string, unknown> = {}
  try {
    const parsed: unknown = JSON.parse(row.fields ?? '{}')
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) fields = parsed as Record<string, unknown>
  } catch {
    // A field column that is not JSON reads as no fields: the rest of the contact still helps.
  }
  return {
    lastInboundAt: row.last_in === null ? null : Number(row.last_in),
    optedIn: row.opted_in === true || row.opted_in === 1,
    ...(Object.keys(fields).length ? { fields } : {}),
  }
}
