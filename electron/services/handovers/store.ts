import type { Database, Statement } from 'better-sqlite3'
import type { HandoverMessage, HandoverView } from '../../../shared/api/commands/handovers'
import type {
  HandbackRecord,
  Handover,
  HandoverChange,
  InboundEvent,
  OutboundMessage,
  Vars,
} from '../../../shared/engine'

// Takeovers over SQLite (migration 027): the studio's, and the runtime's when it runs on the studio's database file
// (`chatflow serve` on SQLite). A contact has at most one open takeover (the partial unique index); the conversation
// core decides when one starts and ends (docs/engine.md, rules 14-17) and the host writes it here in the step's
// transaction. Statements are prepared once: the runtime reads `current` on every inbound message.

interface Row {
  id: string
  contact_id: string
  run_id: string | null
  flow_id: string | null
  node_id: string | null
  since: number
  until: number | null
  by: Handover['by']
  note: string | null
  ended_at: number | null
  ended_by: HandbackRecord['by'] | null
  return_vars: string | null
}

interface ViewRow extends Row {
  contact_name: string
  contact_phone: string
}

interface MessageRow {
  seq: number
  at: number
  direction: 'in' | 'out'
  message: string
}

/** A takeover as stored: the Handover, its contact and, once over, how it ended. */
export interface HandoverRecord extends Handover {
  contactId: string
  endedAt: number | null
  endedBy: HandbackRecord['by'] | null
  returnVars: Vars | null
}

/** Refused writes: a second open takeover for a contact, or an end of one that is not open. */
export class HandoverConflict extends Error {
  constructor(
    readonly code: 'already_with_person' | 'not_with_person' | 'until_passed',
    message: string,
  ) {
    super(message)
  }
}

function toHandover(r: Row): Handover {
  return {
    id: r.id,
    since: r.since,
    by: r.by,
    runId: r.run_id,
    flowId: r.flow_id,
    nodeId: r.node_id,
    until: r.until,
    note: r.note,
  }
}

function toRecord(r: Row): HandoverRecord {
  return {
    ...toHandover(r),
    contactId: r.contact_id,
    endedAt: r.ended_at,
    endedBy: r.ended_by,
    returnVars: r.return_vars === null ? null : (JSON.parse(r.return_vars) as Vars),
  }
}

function toView(r: ViewRow): HandoverView {
  return {
    ...toHandover(r),
    contactId: r.contact_id,
    contactName: r.contact_name,
    contactPhone: r.contact_phone,
    endedAt: r.ended_at,
    endedBy: r.ended_by,
  }
}

function toMessage(r: MessageRow): HandoverMessage {
  const message = JSON.parse(r.message) as unknown
  return r.direction === 'in'
    ? { seq: r.seq, at: r.at, direction: 'in', message: message as InboundEvent }
    : { seq: r.seq, at: r.at, direction: 'out', message: message as OutboundMessage }
}

const VIEW = `SELECT h.*, c.name AS contact_name, c.phone AS contact_phone
  FROM handovers h JOIN contacts c ON c.id = h.contact_id`

export class HandoverStore {
  private readonly sql: Record<
    'current' | 'get' | 'view' | 'open' | 'end' | 'nextSeq' | 'append' | 'transcript' | 'listOpen' | 'listAll',
    Statement
  >

  constructor(private readonly db: Database) {
    this.sql = {
      current: db.prepare('SELECT * FROM handovers WHERE contact_id = ? AND ended_at IS NULL'),
      get: db.prepare('SELECT * FROM handovers WHERE id = ?'),
      view: db.prepare(`${VIEW} WHERE h.id = ?`),
      open: db.prepare(
        `INSERT INTO handovers (id, contact_id, run_id, flow_id, node_id, since, until, by, note)
         VALUES (@id, @contactId, @runId, @flowId, @nodeId, @since, @until, @by, @note)`,
      ),
      end: db.prepare(
        'UPDATE handovers SET ended_at = ?, ended_by = ?, return_vars = ? WHERE id = ? AND ended_at IS NULL',
      ),
      nextSeq: db.prepare('SELECT coalesce(max(seq), -1) + 1 AS seq FROM handover_messages WHERE handover_id = ?'),
      append: db.prepare(
        'INSERT INTO handover_messages (handover_id, seq, at, direction, message) VALUES (?, ?, ?, ?, ?)',
      ),
      transcript: db.prepare(
        'SELECT seq, at, direction, message FROM handover_messages WHERE handover_id = ? ORDER BY seq',
      ),
      listOpen: db.prepare(`${VIEW} WHERE h.ended_at IS NULL ORDER BY h.since DESC LIMIT ?`),
      listAll: db.prepare(`${VIEW} ORDER BY h.since DESC LIMIT ?`),
    }
  }

  /** The contact's open takeover, or null: what the host puts on Contact.handover before calling the core. */
  current(contactId: string): Handover | null {
    const row = this.sql.current.get(contactId) as Row | undefined
    return row ? toHandover(row) : null
  }

  get(id: string): HandoverRecord | null {
    const row = this.sql.get.get(id) as Row | undefined
    return row ? toRecord(row) : null
  }

  view(id: string): HandoverView | null {
    const row = this.sql.view.get(id) as ViewRow | undefined
    return row ? toView(row) : null
  }

  /** Starts a takeover; refused (`already_with_person`) while the contact has one open. */
  open(contactId: string, handover: Handover): void {
    if (this.current(contactId))
      throw new HandoverConflict('already_with_person', 'A person already has this conversation.')
    this.sql.open.run({ ...handover, contactId })
  }

  /** Ends the open takeover the record names; refused (`not_with_person`) when it is not open. */
  end(record: HandbackRecord): void {
    const changed = this.sql.end.run(record.at, record.by, JSON.stringify(record.variables), record.handoverId).changes
    if (!changed) throw new HandoverConflict('not_with_person', `Takeover ${record.handoverId} is not open.`)
  }

  /** One change the conversation core returned (Handled.handover, StepResult.handover), for the contact. */
  apply(contactId: string, change: HandoverChange): void {
    if ('start' in change) this.open(contactId, change.start)
    else this.end(change.end)
  }

  /** Adds a message to the takeover's transcript: the customer's ('in') or the person's ('out'). */
  append(
    handoverId: string,
    at: number,
    entry: { direction: 'in'; message: InboundEvent } | { direction: 'out'; message: OutboundMessage },
  ): HandoverMessage {
    const { seq } = this.sql.nextSeq.get(handoverId) as { seq: number }
    this.sql.append.run(handoverId, seq, at, entry.direction, JSON.stringify(entry.message))
    return { seq, at, ...entry } as HandoverMessage
  }

  transcript(handoverId: string): HandoverMessage[] {
    return (this.sql.transcript.all(handoverId) as MessageRow[]).map(toMessage)
  }

  /** Newest first: the open takeovers only, or every one. */
  list(opts: { open: boolean; limit: number }): HandoverView[] {
    const rows = (opts.open ? this.sql.listOpen : this.sql.listAll).all(opts.limit) as ViewRow[]
    return rows.map(toView)
  }
}
