// Rows of both stores to the views every reader gets (SQLite here, PostgreSQL in electron/runtime/pg-broadcasts.ts):
// one mapping, so the two stores answer alike.
import {
  RECIPIENT_STATES,
  type BroadcastSpecCore,
  type BroadcastStatus,
  type BroadcastView,
  type RecipientCounts,
  type RecipientState,
  type RecipientView,
} from '../../../shared/broadcast/views'
import { timeOrderedId } from '../../../shared/engine/ids'
import type { BroadcastSpecCore as Spec, ClaimedRecipient, NewRecipient, RecipientOutcome } from './store'

/** The server's pace when neither the broadcast nor the server says (the channel's default: 80 messages a second). */
export const DEFAULT_SEND_RATE = 80

export const newBroadcastId = (now: number): string => timeOrderedId('brd_', now)

export interface BroadcastRow {
  id: string
  name: string
  flow_id: string
  spec: string
  status: BroadcastStatus
  created_at: number | string
  started_at: number | string | null
  finished_at: number | string | null
  paused_at: number | string | null
  error: string | null
}

export interface RecipientRow {
  broadcast_id: string
  seq: number
  phone: string
  name: string | null
  fields: string
  variables: string
  due_at: number | string
  state: RecipientState
  reason_code: string | null
  reason: string | null
  run_id: string | null
  cost: number
  templates: string
  updated_at: number | string
}

const num = (v: number | string): number => (typeof v === 'string' ? Number(v) : v)
const numOrNull = (v: number | string | null): number | null => (v === null ? null : num(v))

export function emptyCounts(): RecipientCounts {
  const counts = { total: 0, cost: 0 } as RecipientCounts
  for (const s of RECIPIENT_STATES) counts[s] = 0
  return counts
}

/** `groups`: one row per state with its count and cost sum. */
export function toView(
  row: BroadcastRow,
  groups: Array<{ state: RecipientState; n: number | string; cost: number | string | null }>,
  nextAt: number | string | null,
  serverRate: number,
): BroadcastView {
  const spec = JSON.parse(row.spec) as BroadcastSpecCore
  const counts = emptyCounts()
  for (const g of groups) {
    counts[g.state] = num(g.n)
    counts.total += num(g.n)
    counts.cost += num(g.cost ?? 0)
  }
  return {
    id: row.id,
    name: row.name,
    flowId: row.flow_id,
    status: row.status,
    spec,
    createdAt: num(row.created_at),
    startedAt: numOrNull(row.started_at),
    finishedAt: numOrNull(row.finished_at),
    pausedAt: numOrNull(row.paused_at),
    error: row.error,
    counts,
    ratePerSecond: rateOf(spec, serverRate),
    nextAt: counts.pending ? numOrNull(nextAt) : null,
  }
}

/** A broadcast goes no faster than the server's send rate; its own rate may be slower. */
export function rateOf(spec: BroadcastSpecCore, serverRate: number): number {
  return typeof spec.rate === 'number' && spec.rate > 0 ? Math.min(spec.rate, serverRate) : serverRate
}

export function toRecipientView(row: RecipientRow): RecipientView {
  return {
    seq: num(row.seq),
    phone: row.phone,
    name: row.name,
    state: row.state,
    reason: row.reason_code ? { code: row.reason_code, message: row.reason ?? '' } : null,
    runId: row.run_id,
    cost: num(row.cost),
    templates: JSON.parse(row.templates) as string[],
    dueAt: num(row.due_at),
    updatedAt: num(row.updated_at),
  }
}

/** The values of a new recipient's row, in the column order both stores insert. */
export function recipientValues(id: string, seq: number, r: NewRecipient, now: number): unknown[] {
  return [
    id,
    seq,
    r.phone,
    r.name ?? null,
    JSON.stringify(r.fields ?? {}),
    JSON.stringify(r.variables ?? {}),
    r.dueAt,
    r.blocked ? 'blocked' : 'pending',
    r.blocked?.code ?? null,
    r.blocked?.message ?? null,
    now,
  ]
}

export const RECIPIENT_INSERT_COLUMNS =
  'broadcast_id, seq, phone, name, fields, variables, due_at, state, reason_code, reason, updated_at'

/** The columns an outcome sets: state, reason, run, cost, templates, new conversation, started at. */
export function outcomeValues(o: RecipientOutcome, at: number) {
  const ran = o.state === 'started' || o.state === 'sent'
  const why = 'reason' in o ? o.reason : null
  return {
    state: o.state,
    reasonCode: why?.code ?? null,
    reason: why?.message ?? null,
    runId: o.runId ?? null,
    contactId: o.contactId ?? null,
    cost: 'cost' in o ? o.cost : 0,
    templates: JSON.stringify('templates' in o ? o.templates : []),
    newConversation: 'newConversation' in o ? o.newConversation : false,
    startedAt: ran ? at : null,
  }
}

/** The reason a failed delivery gives a recipient: the channel's code when the error names one. */
export function deliveryReason(error: string | null): { code: string; message: string } {
  const m = error ? /channel error (\d+)/.exec(error) : null
  return { code: m ? m[1]! : 'delivery_failed', message: error ?? 'The message could not be delivered.' }
}

/** A claimed row with its broadcast's spec: the variables of both, the broadcast's trigger and rate. */
export function claimed(
  r: Pick<RecipientRow, 'broadcast_id' | 'seq' | 'phone' | 'name' | 'fields' | 'variables' | 'due_at'> & {
    flow_id: string
  },
  spec: Spec,
): ClaimedRecipient {
  return {
    broadcastId: r.broadcast_id,
    seq: Number(r.seq),
    phone: r.phone,
    name: r.name,
    fields: JSON.parse(r.fields) as Record<string, string>,
    variables: { ...(spec.variables ?? {}), ...(JSON.parse(r.variables) as Record<string, unknown>) },
    dueAt: Number(r.due_at),
    flowId: r.flow_id,
    triggerNodeId: spec.triggerNodeId ?? null,
    rate: typeof spec.rate === 'number' && spec.rate > 0 ? spec.rate : null,
  }
}

/**
 * The daily limit's count (both stores): the distinct contacts a business-initiated conversation was opened with
 * since `?`, wherever its message was sent (the runtime records each in `business_conversations`, migration 031, with
 * the step that queued it: a broadcast, a webhook start, a run woken later, a person's reply), and the studio's
 * broadcast starts, which mark only their recipient (`new_conversation`). A contact counted by both counts once.
 */
export const NEW_CONVERSATIONS = `
  SELECT count(*) AS n FROM (
    SELECT contact_id AS who FROM business_conversations WHERE opened_at > ?
    UNION SELECT coalesce(contact_id, phone) FROM broadcast_recipients WHERE new_conversation AND started_at > ?) AS opened`
