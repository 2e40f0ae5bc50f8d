// A contact's step on PostgreSQL in few round trips: the per-contact transaction used to make about fourteen
// (lock, contact, paused run, flow pointers, then one statement per table and a message-number read), each paid
// with the contact's lock held and a pooled connection taken. Now: BEGIN with the advisory lock (one simple query),
// one statement that upserts the contact and reads its paused run and the published flows' pointers, and one
// statement whose data-modifying CTEs write every table of the step (rows passed as JSON arrays), then COMMIT.
// Both statements are named, so each pooled connection parses and plans them once.
import { writeRecipientPg, writeRecipientsPg } from './pg-broadcasts'
import { WINDOW_MS } from '../../shared/engine/limits'
import { opensConversation } from './business-conversation'
import type { PoolClient } from 'pg'
import { randomUUID } from 'node:crypto'
import type { Contact, RunState } from '../../shared/engine'
import { stepRows, type StepRows } from '../services/runs/step-rows'
import { TrafficBatch } from '../services/traffic/run-traffic'
import { startVersion } from '../services/publish/split'
import { appendPending, pendingCounts } from './pg-traffic-fold'
import { envelopeOf } from './outbox-rows'
import { toContact, type ContactRow } from './pg-runs'
import type { ContactsEffect } from '../../shared/engine/effects'
import { contactLanguageOf } from '../../shared/engine/core'
import type { ContactWrites, InboundRecord, OutboxItem } from './store'
import { openHandover, type HandoverRow } from './handover-rows'
import { OPEN_HANDOVER, writeHandoverRows } from './pg-handovers'
import { SPLITS_OF, writeAssignments } from './pg-splits'
import { toSeen, type SplitRow } from '../services/publish/split-rows'
import type { SplitSeen } from '../services/publish/split'

type Queryable = Pick<PoolClient, 'query'>

/** BEGIN and the contact's advisory lock in one round trip (a simple query; the phone is quoted as a literal). */
export async function beginForContact(c: PoolClient, phone: string): Promise<void> {
  await c.query(`BEGIN; SELECT pg_advisory_xact_lock(hashtextextended(${c.escapeLiteral(`contact:${phone}`)}, 0))`)
}

const OPEN = `
  WITH c AS (
    INSERT INTO contacts (id, name, phone, opted_in, fields, created_at, updated_at) VALUES ($1, $2, $3, true, '{}', $4, $4)
    ON CONFLICT (phone) DO UPDATE SET
      name = CASE WHEN contacts.name = contacts.phone THEN excluded.name ELSE contacts.name END,
      updated_at = CASE WHEN contacts.name = contacts.phone AND excluded.name <> contacts.name THEN excluded.updated_at ELSE contacts.updated_at END
    RETURNING *)
  SELECT c.*,
    (SELECT r.state FROM runs r WHERE r.contact_id = c.id AND r.status = 'paused' ORDER BY r.started_at DESC, r.seq DESC LIMIT 1) AS paused,
    (SELECT coalesce(json_agg(json_build_array(p.flow_id, p.active_version)), '[]') FROM published_flows p) AS pointers,
    ${OPEN_HANDOVER('c')} AS handover,
    ${SPLITS_OF('c')} AS splits
  FROM c`

type OpenRow = ContactRow & {
  paused: string | null
  pointers: Array<[string, number]>
  handover: HandoverRow | null
  splits: SplitRow[]
}

/** The contact with its open takeover (a person has the conversation), read in the same statement. */
const withHandover = (row: OpenRow): Contact => ({ ...toContact(row), handover: openHandover(row.handover) })

export interface OpenedContact {
  contact: Contact
  paused: RunState | null
  /** Published flows: flow id → running version, read in the same statement. */
  pointers: Map<string, number>
  /** The flows' A/B splits with this contact's assignments, read in the same statement. */
  splits: Map<string, SplitSeen>
}

/** The contact (created when new; one first seen without a profile name takes the channel's), its paused run and the flow pointers. */
export async function openContact(
  c: Queryable,
  phone: string,
  name: string | undefined,
  at: number,
): Promise<OpenedContact> {
  const id = `ct_${randomUUID().replace(/-/g, '').slice(0, 20)}`
  const { rows } = await c.query<OpenRow>({
    name: 'chatflow_open_contact',
    text: OPEN,
    values: [id, name || phone, phone, at],
  })
  const row = rows[0]!
  return {
    contact: withHandover(row),
    paused: row.paused ? (JSON.parse(row.paused) as RunState) : null,
    pointers: new Map(row.pointers.map(([flowId, version]) => [flowId, version])),
    splits: toSeen(row.splits),
  }
}

/**
 * One round trip opens a transaction for several contacts: BEGIN; their advisory locks, taken in the order of their
 * keys (every batch locks in that one order, so two batches never wait on each other; a single contact's transaction
 * holds one lock only); then, on a snapshot taken once the locks are held, the contacts with their paused runs and the
 * flow pointers. Without `create` it writes nothing: a wake never creates a contact (the single open's upsert writes a
 * row version even when nothing changes). With `create` (a broadcast round's group), the contacts that do not exist
 * are created first, as the single open does (a name given fills in one that has only its phone), in one statement;
 * `created` then holds the ids of those it inserted. A simple query, so the values are quoted as literals.
 */
export async function openContactsLocked(
  c: PoolClient,
  phones: string[],
  create?: { names: Array<string | undefined>; at: number; created?: Set<string> },
): Promise<Map<string, OpenedContact>> {
  const keys = phones.map((p) => c.escapeLiteral(`contact:${p}`)).join(', ')
  const list = phones.map((p) => c.escapeLiteral(p)).join(', ')
  const at = Math.trunc(Number(create?.at ?? 0))
  const values = phones.map((p, i) => {
    const id = `ct_${randomUUID().replace(/-/g, '').slice(0, 20)}`
    return `(${c.escapeLiteral(id)}, ${c.escapeLiteral(create?.names[i] || p)}, ${c.escapeLiteral(p)}, true, '{}', ${at}, ${at})`
  })
  const insert = create
    ? `INSERT INTO contacts (id, name, phone, opted_in, fields, created_at, updated_at) VALUES ${values.join(', ')}
       ON CONFLICT (phone) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at
         WHERE contacts.name = contacts.phone AND excluded.name <> contacts.name
       RETURNING id, (xmax = 0) AS inserted;`
    : ''
  const results = (await c.query(`BEGIN;
    SELECT pg_advisory_xact_lock(k) FROM (SELECT DISTINCT hashtextextended(p, 0) AS k FROM unnest(ARRAY[${keys}]::text[]) p ORDER BY 1) s;
    ${insert}
    SELECT c.*,
      (SELECT r.state FROM runs r WHERE r.contact_id = c.id AND r.status = 'paused' ORDER BY r.started_at DESC, r.seq DESC LIMIT 1) AS paused,
      (SELECT coalesce(json_agg(json_build_array(p.flow_id, p.active_version)), '[]') FROM published_flows p) AS pointers,
      ${OPEN_HANDOVER('c')} AS handover,
      ${SPLITS_OF('c')} AS splits
    FROM contacts c WHERE c.phone = ANY(ARRAY[${list}]::text[])`)) as unknown as Array<{
    rows: OpenRow[]
  }>
  if (create?.created)
    for (const r of results[2]!.rows as unknown as Array<{ id: string; inserted: boolean }>)
      if (r.inserted) create.created.add(r.id)
  const rows = results[create ? 3 : 2]!.rows
  const pointers = new Map((rows[0]?.pointers ?? []).map(([flowId, version]) => [flowId, version] as const))
  return new Map(
    rows.map((row) => [
      row.phone,
      {
        contact: withHandover(row),
        paused: row.paused ? (JSON.parse(row.paused) as RunState) : null,
        pointers,
        splits: toSeen(row.splits),
      },
    ]),
  )
}

/** The answer given to this message id before, if it was processed already (ContactTx.seen). */
export async function seen(c: Queryable, messageId: string): Promise<InboundRecord | null> {
  const { rows } = await c.query({
    name: 'chatflow_seen',
    text: 'SELECT * FROM runtime_inbound WHERE message_id = $1',
    values: [messageId],
  })
  const r = rows[0]
  return r
    ? ({
        messageId: r.message_id,
        contactId: r.contact_id,
        action: r.action,
        runId: r.run_id,
        receivedAt: r.received_at,
      } as InboundRecord)
    : null
}

/** Contact reads and updates for the engine, inside the contact's transaction `c` (ContactTx.contacts). */
export function contactsEffect(c: Queryable, now: () => number): ContactsEffect {
  return {
    get: async (id) => {
      const { rows } = await c.query<ContactRow>('SELECT * FROM contacts WHERE id = $1', [id])
      return rows[0] ? toContact(rows[0]) : null
    },
    update: async (id, patch) => {
      if (patch.phone !== undefined)
        throw new Error('A contact is identified by its phone number; it cannot be changed.')
      // `language`: a tag to remember, null to forget it, absent to keep it ($6 says which).
      const { language } = patch
      const { rows } = await c.query<ContactRow>(
        `UPDATE contacts SET name = COALESCE($2, name), opted_in = COALESCE($3, opted_in), fields = COALESCE($4, fields),
                 language = CASE WHEN $6 THEN $7 ELSE language END, updated_at = $5 WHERE id = $1 RETURNING *`,
        [
          id,
          patch.name ?? null,
          patch.optedIn ?? null,
          patch.fields ? JSON.stringify(patch.fields) : null,
          now(),
          language !== undefined,
          language ?? null,
        ],
      )
      if (!rows[0]) throw new Error(`Contact ${id} does not exist.`)
      return toContact(rows[0])
    },
  }
}

const WRITE = `
  WITH
  r AS (
    INSERT INTO runs (id, flow_id, flow_name, contact_id, status, trigger_kind, end_reason, error_code, error_message,
                      state, node_count, exec_ms, started_at, updated_at, ended_at, wake_at, flow_version)
    SELECT * FROM json_to_recordset($1::json) AS x(id text, flow_id text, flow_name text, contact_id text, status text,
      trigger_kind text, end_reason text, error_code text, error_message text, state text, node_count integer,
      exec_ms double precision, started_at bigint, updated_at bigint, ended_at bigint, wake_at bigint, flow_version integer)
    ON CONFLICT (id) DO UPDATE SET status = excluded.status, end_reason = excluded.end_reason,
      error_code = excluded.error_code, error_message = excluded.error_message, state = excluded.state,
      node_count = excluded.node_count, exec_ms = runs.exec_ms + excluded.exec_ms,
      updated_at = excluded.updated_at, ended_at = excluded.ended_at, wake_at = excluded.wake_at, wake_lease = 0),
  t AS (
    INSERT INTO trace_events (run_id, seq, node_id, node_name, node_type, phase, input, output, port, started_at,
                              duration_ms, error_code, error_message, warnings, message_ids, detail)
    SELECT * FROM json_to_recordset($2::json) AS x(run_id text, seq integer, node_id text, node_name text, node_type text,
      phase text, input text, output text, port text, started_at bigint, duration_ms double precision, error_code text,
      error_message text, warnings text, message_ids text, detail text)),
  m AS (
    INSERT INTO messages (run_id, seq, contact_id, direction, type, payload, created_at, message_id)
    SELECT x.run_id, coalesce((SELECT max(e.seq) FROM messages e WHERE e.run_id = x.run_id), -1) + 1 + x.n, x.contact_id,
           x.direction, x.type, x.payload, x.created_at, x.message_id
      FROM json_to_recordset($3::json) AS x(run_id text, n integer, contact_id text, direction text, type text, payload text, created_at bigint,
                                            message_id text)),
  o AS (
    INSERT INTO runtime_outbox (id, run_id, flow_id, contact_id, phone, message, created_at, lease_until)
    SELECT x.id, x.run_id, x.flow_id, x.contact_id, x.phone, x.message, x.created_at,
           CASE WHEN x.lease > 0 AND NOT EXISTS (
             SELECT 1 FROM runtime_outbox p WHERE p.contact_id = x.contact_id AND p.status = 'pending') THEN x.lease ELSE 0 END
      FROM json_to_recordset($4::json) AS x(n integer, id text, run_id text, flow_id text, contact_id text, phone text, message text, created_at bigint,
                                            lease bigint)
     ORDER BY x.n
    RETURNING seq, id, lease_until),
  i AS (
    INSERT INTO runtime_inbound (message_id, contact_id, action, run_id, received_at)
    SELECT * FROM json_to_recordset($5::json) AS x(message_id text, contact_id text, action text, run_id text, received_at bigint)),
  u AS (UPDATE contacts c SET last_inbound_at = coalesce(x.at, c.last_inbound_at),
                             language = CASE WHEN x.language IS NULL THEN c.language ELSE x.language END,
                             updated_at = coalesce(x.at, x.changed_at)
          FROM json_to_recordset($6::json) AS x(id text, at bigint, language text, changed_at bigint) WHERE c.id = x.id),
  -- The traffic counts of the step (services/traffic), appended as one pending row: folded into the aggregates
  -- later (pg-traffic-fold.ts), so that steps of one flow never wait on each other's aggregate rows.
  tp AS (${appendPending('$7')}),
  -- Business-initiated conversations opened (migration 031, business-conversation.ts): one row per contact.
  bc AS (
    INSERT INTO business_conversations (contact_id, opened_at)
    SELECT * FROM json_to_recordset($8::json) AS x(c text, a bigint)
    ON CONFLICT (contact_id) DO UPDATE SET opened_at = excluded.opened_at
    WHERE business_conversations.opened_at <= excluded.opened_at - ${WINDOW_MS})
  SELECT seq, id FROM o WHERE lease_until > 0`

/**
 * Everything a contact's transaction writes, in one statement: the same rows RunStore and the outbox write in SQLite.
 * With `writes.leaseOutbound`, the step's outbound messages are written leased to the caller when none of the
 * contact's messages is unsent before them (checked in the statement, under the contact's lock, so no other
 * writer of this contact runs meanwhile; a sender's marks only ever move a message out of 'pending'); those are
 * returned, in order. Otherwise they are left for a claim (another sender holds the contact's chain, or a message
 * waits for a retry, and these must go after it).
 */
export async function writeContactStep(
  c: Queryable,
  contact: Contact,
  writes: ContactWrites,
  traffic: TrafficOptions = {},
): Promise<OutboxItem[]> {
  return (await writeContactSteps(c, [{ contact, writes }], traffic))[0]!
}

/**
 * The traffic aggregates' part of a write: `versionOf` answers the version a run starting now runs (the pointers the
 * contact's transaction read with its flows); `off` leaves the aggregates alone (to measure their cost).
 */
export interface TrafficOptions {
  versionOf?: (flowId: string) => number | null
  off?: boolean
}

/**
 * The writes of several contacts (each under its lock in this transaction) in the same one statement; answers
 * each contact's leased messages, in the order given.
 */
export async function writeContactSteps(
  c: Queryable,
  batch: Array<{ contact: Contact; writes: ContactWrites }>,
  traffic: TrafficOptions = {},
): Promise<OutboxItem[][]> {
  const counted = traffic.off ? null : new TrafficBatch()
  // One row per run: a statement's upsert may not touch a row twice, and a wake carried out before the reply that
  // came after the run's time (the core's rule 11) is two steps of one run in one transaction. The later row wins,
  // the steps' times add up, and the second step's messages are numbered after the first's.
  const runs = new Map<string, StepRows['run']>()
  const trace: unknown[] = []
  const messages: unknown[] = []
  const numbered = new Map<string, number>()
  const envelopes: Array<{ envelope: OutboxItem['envelope']; lease: number; of: number }> = []
  const inbound: unknown[] = []
  // One row per contact (a statement may not update a row twice): its last message's time, and the language a Set
  // Language node chose for it.
  const touched: Array<{ id: string; at: number | null; language: string | null; changed_at: number | null }> = []
  const conversations = new Map<string, number>()
  for (const [of, { contact, writes }] of batch.entries()) {
    const lease = writes.leaseOutbound?.until ?? 0
    for (const { flow, step } of writes.steps) {
      const s = step.state
      const rows = stepRows(
        flow,
        step,
        counted?.add(flow.id, step, counted.priorOf(s) ? null : startVersion(s, traffic.versionOf?.(flow.id) ?? null)),
      )
      const before = runs.get(s.id)
      runs.set(s.id, before ? { ...rows.run, exec_ms: before.exec_ms + rows.run.exec_ms } : rows.run)
      trace.push(...rows.trace)
      const base = numbered.get(s.id) ?? 0
      messages.push(...rows.messages.map((m) => ({ ...m, n: base + m.n })))
      numbered.set(s.id, base + rows.messages.length)
      for (const m of step.messages) {
        const envelope = envelopeOf(flow.id, s, contact.phone, m)
        envelopes.push({ envelope, lease, of })
      }
    }
    const r = writes.inbound
    if (r)
      inbound.push({
        message_id: r.messageId,
        contact_id: r.contactId,
        action: r.action,
        run_id: r.runId,
        received_at: r.receivedAt,
      })
    const language = contactLanguageOf(writes.steps) ?? null
    const changedAt = language ? (writes.steps.at(-1)?.step.state.updatedAt ?? null) : null
    if (writes.touchInboundAt != null || language)
      touched.push({ id: contact.id, at: writes.touchInboundAt ?? null, language, changed_at: changedAt })
    const opened = opensConversation(contact, writes)
    if (opened !== null && !conversations.has(contact.id)) conversations.set(contact.id, opened)
  }
  // Broadcast recipients first: one no longer pending throws, and the contacts' transaction keeps nothing.
  // A group of a broadcast round (broadcast-host.ts startMany): every recipient's outcome in one statement.
  const recipients = batch.flatMap(({ writes }) => (writes.broadcastRecipient ? [writes.broadcastRecipient] : []))
  if (recipients.length === 1) await writeRecipientPg(c, recipients[0]!)
  else if (recipients.length > 1) await writeRecipientsPg(c, recipients)
  const { rows } = await c.query<{ seq: number; id: string }>({
    name: 'chatflow_write_step',
    text: WRITE,
    values: [
      JSON.stringify([...runs.values()]),
      JSON.stringify(trace),
      JSON.stringify(messages),
      JSON.stringify(
        envelopes.map(({ envelope: e, lease }, n) => ({
          ...e,
          n,
          phone: e.to,
          message: JSON.stringify(e.message),
          lease,
        })),
      ),
      JSON.stringify(inbound),
      JSON.stringify(touched),
      pendingCounts(counted),
      JSON.stringify([...conversations].map(([c, a]) => ({ c, a }))),
    ],
  })
  // Takeovers are rare: their rows are a statement of their own, in the same transaction, only when a step has them.
  for (const { contact, writes } of batch)
    if (writes.handovers?.length || writes.transcript?.length || writes.personReply || writes.notifications?.length)
      await writeHandoverRows(c, contact, writes)
  // Assignments only when a run of a split flow started: rare beside steps, a statement of their own.
  for (const { contact, writes } of batch)
    if (writes.assign?.length)
      await writeAssignments(c, contact.id, writes.assign, writes.steps.at(-1)?.step.state.updatedAt ?? 0)
  const leased = new Map(rows.map((r) => [r.id, Number(r.seq)]))
  const out: OutboxItem[][] = batch.map(() => [])
  for (const { envelope, of } of envelopes) {
    const seq = leased.get(envelope.id)
    if (seq !== undefined) out[of]!.push({ seq, contactId: envelope.contact_id, attempts: 0, envelope })
  }
  return out
}
