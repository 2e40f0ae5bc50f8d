// What both stores' outbox tables share: the row shape, the message id, and the query for each contact's head.
import { randomUUID } from 'node:crypto'
import type { DeliveryFailure, OutboxItem } from './store'
import type { OutboundEnvelope } from './adapters/adapter'
import type { OutboundMessage, RunState } from '../../shared/engine'

export interface OutboxRow {
  seq: number
  id: string
  run_id: string | null
  flow_id: string | null
  contact_id: string
  phone: string
  message: string
  created_at: number
  attempts: number
}

export const toItem = (r: OutboxRow): OutboxItem => ({
  seq: Number(r.seq),
  contactId: r.contact_id,
  attempts: r.attempts,
  envelope: {
    id: r.id,
    run_id: r.run_id,
    flow_id: r.flow_id,
    contact_id: r.contact_id,
    to: r.phone,
    message: JSON.parse(r.message),
    created_at: r.created_at,
  },
})

/** A new outbound message id: random, so instances never need to agree on a counter. */
export const newMessageId = (): string => `out_${randomUUID().replace(/-/g, '')}`

/** The envelope of one message a step sent, as both stores queue it in the outbox. */
export function envelopeOf(flowId: string, state: RunState, phone: string, message: OutboundMessage): OutboundEnvelope {
  return {
    id: newMessageId(),
    run_id: state.id,
    flow_id: flowId,
    contact_id: state.contactId,
    to: phone,
    message,
    created_at: state.updatedAt,
  }
}

/**
 * The heads of the contacts' queues: each contact's oldest pending message. Shared by both stores' claims, of the
 * outbox and of the channel inbox (whose contacts are phone numbers: `key`).
 */
export const HEADS = (table: string, key = 'contact_id') =>
  `SELECT MIN(seq) AS seq FROM ${table} WHERE status = 'pending' GROUP BY ${key}`

/**
 * The chains of the claimed heads (`ready`: seq, contact_id): each head and the contact's pending messages after
 * it, at most `perContact` (a placeholder) per contact.
 */
export const CHAINS = (table: string, perContact: string, key = 'contact_id') => `
  SELECT seq FROM (SELECT p.seq, row_number() OVER (PARTITION BY p.${key} ORDER BY p.seq) AS n
                     FROM ${table} p JOIN ready r ON p.${key} = r.${key} AND p.seq >= r.seq
                    WHERE p.status = 'pending') chain WHERE n <= ${perContact}`

/** A row of runtime_deliveries, as both stores keep it. */
export interface DeliveryRow {
  run_id: string
  contact_id: string
  message: string
  adapter: string
  attempts: number
  error: string
  at: number
}

export function toDeliveryFailure(r: DeliveryRow): DeliveryFailure {
  return {
    runId: r.run_id,
    contactId: r.contact_id,
    message: JSON.parse(r.message),
    adapter: r.adapter,
    attempts: r.attempts,
    error: r.error,
    at: r.at,
  }
}
