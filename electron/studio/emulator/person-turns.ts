import type { Database } from 'better-sqlite3'
import type { InboundEvent, TraceEvent, Vars } from '../../../shared/engine'
import type { PersonAct } from '../../../shared/engine/conversation/format'
import { behaviourOfType } from '../../../shared/nodes/behaviour-of'

// The person's part of a recorded run (docs/testing.md, "A person takes over"), for Save as test: the person's
// replies are the run's messages marked as theirs (`author: 'person'`); a hand-back that sent a Hand over node's run
// on by `returned` is that node's resume in the trace, with the variables set; a takeover by the Contacts screen or
// the emulator's Person tab, its hand-back when no Hand over node waited, and what the customer wrote meanwhile (held,
// routed nowhere) are the contact's takeover rows, placed among the run's messages by their time.

/** A takeover of the run's contact while the run lasted, as its rows keep it. */
export interface RecordedTakeover {
  /** Null for a takeover by the Contacts screen or the Person tab; the Hand over run's id for a node's. */
  runId: string | null
  note: string | null
  since: number
  endedAt: number | null
  endedBy: 'api' | 'studio' | 'timeout' | null
  variables: Vars
  /** The customer's messages held while the person had the conversation, in order. */
  held: Array<{ at: number; message: InboundEvent }>
}

/**
 * The contact's takeovers that began while the run lasted: from its start, before its end (`to` null: still on; one
 * that begins at the instant the run ended came after it, as a test played on that contact at that time does).
 */
export function takeoversOf(db: Database, contactId: string, from: number, to: number | null): RecordedTakeover[] {
  const rows = db
    .prepare(
      `SELECT id, run_id, note, since, ended_at, ended_by, return_vars FROM handovers
        WHERE contact_id = ? AND since >= ? AND (? IS NULL OR since < ?) ORDER BY since, rowid`,
    )
    .all(contactId, from, to, to) as Array<{
    id: string
    run_id: string | null
    note: string | null
    since: number
    ended_at: number | null
    ended_by: RecordedTakeover['endedBy']
    return_vars: string | null
  }>
  const held = db.prepare(
    "SELECT at, message FROM handover_messages WHERE handover_id = ? AND direction = 'in' ORDER BY seq",
  )
  return rows.map((r) => ({
    runId: r.run_id,
    note: r.note,
    since: r.since,
    endedAt: r.ended_at,
    endedBy: r.ended_by,
    variables: r.return_vars ? (JSON.parse(r.return_vars) as Vars) : {},
    held: (held.all(r.id) as Array<{ at: number; message: string }>).map((m) => ({
      at: m.at,
      message: JSON.parse(m.message) as InboundEvent,
    })),
  }))
}

/** A hand-back that sent the Hand over node's run on (its resume, not by its time): where, and what was set. */
export function handBackResumes(trace: TraceEvent[]): Array<{ seq: number; variables: Vars }> {
  const out: Array<{ seq: number; variables: Vars }> = []
  for (const e of trace) {
    // A node that puts the conversation with a person declares it (NodeBehaviour.person), whatever its type.
    if (e.phase !== 'resume' || !behaviourOfType(e.nodeType).person) continue
    const h = (e.output as { handover?: { by?: string; variables?: Vars } } | null)?.handover
    if (h && h.by !== 'timeout') out.push({ seq: e.seq, variables: h.variables ?? {} })
  }
  return out
}

/** One act placed by time: a person's takeover or hand-back without a node to resume, or a held customer message. */
export type TimedAct = { at: number; person: PersonAct } | { at: number; user: InboundEvent }

/**
 * The acts the run's trace does not show, oldest first: a takeover not by a Hand over node, each held customer
 * message, and a hand-back by a person that resumed no Hand over node (a node's is in the trace; one by time is a
 * wake, a `wait:` turn).
 */
export function timedActs(takeovers: RecordedTakeover[]): TimedAct[] {
  const out: TimedAct[] = []
  for (const t of takeovers) {
    if (t.runId === null) out.push({ at: t.since, person: { takes_over: t.note ? { note: t.note } : {} } })
    for (const h of t.held) out.push({ at: h.at, user: h.message })
    if (t.runId === null && t.endedAt !== null && t.endedBy !== 'timeout' && t.endedBy !== null)
      out.push({ at: t.endedAt, person: { hands_back: t.variables } })
  }
  return out
}
