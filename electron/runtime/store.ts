// What the headless runtime keeps, behind one async interface so SQLite (one process) and PostgreSQL (several
// instances) hold the same state the same way. Everything a contact's message changes is written through a
// ContactTx, which the store serialises per contact: see docs/runtime.md, "Ordering and exactly once".
import type { PublishedVersion } from '../../shared/api/commands/publish'
import type { ContactsEffect } from '../../shared/engine/effects'
import type { Contact, OutboundMessage, RunState, StepResult, TraceEvent } from '../../shared/engine'
import type { FlowDocument } from '../../shared/flow/document'
import type { PublishLibrary } from '../studio/publish/library'
import type { LoggedMessage, RunSummary } from '../studio/runs'

export type { LoggedMessage, PublishLibrary, RunSummary }

/** What one processed inbound message did, kept under its channel message id so a redelivery is answered, not rerun. */
export interface InboundRecord {
  messageId: string
  contactId: string
  action: 'resumed' | 'started' | 'ignored'
  runId: string | null
  receivedAt: number
}

/** An outbound message the channel adapter could not deliver (after its retries), kept in the run's log. */
export interface DeliveryFailure {
  runId: string
  contactId: string
  /** The message as the run sent it. */
  message: OutboundMessage
  adapter: string
  attempts: number
  error: string
  at: number
}

/** The writes of one processed message or webhook request, committed together with the contact's lock held. */
export interface ContactWrites {
  /** Runs closed on the way (superseded, expired) then the step that ran, in this order. */
  steps: Array<{ flow: Pick<FlowDocument, 'id' | 'name'>; step: StepResult }>
  inbound?: InboundRecord
  /** The customer wrote at this time (the service window counts from it). */
  touchInboundAt?: number
}

export interface ContactTx {
  readonly contact: Contact
  /** The answer given to this message id before, if it was processed already. */
  seen(messageId: string): Promise<InboundRecord | null>
  /** The contact's paused run, newest first. */
  pausedRun(): Promise<RunState | null>
  /** RuntimeStore.runningFlow(s), read on this transaction's connection (a held lock never waits for a second one). */
  runningFlow(flowId: string): Promise<FlowDocument | null>
  runningFlows(): Promise<FlowDocument[]>
  /** For the engine: contact reads and updates inside this transaction. */
  readonly contacts: ContactsEffect
  /** Writes everything at once; called at most once, last. */
  commit(writes: ContactWrites): Promise<void>
}

export interface RuntimeStore {
  /** 'sqlite' or 'postgres': shown at start and in benchmark lines. */
  readonly kind: string
  // ---- published flows ----
  /**
   * Stores a checked document as the flow's next version and runs it from now on, and upserts the checked library
   * items it travelled with (templates by name and language, products by catalogue and id), all atomically.
   */
  publish(document: FlowDocument, library?: PublishLibrary): Promise<PublishedVersion>
  versions(flowId: string): Promise<PublishedVersion[]>
  /** null when the flow has no such version. */
  rollback(flowId: string, version: number): Promise<PublishedVersion | null>
  /** The document running now, or null for an unknown flow. */
  runningFlow(flowId: string): Promise<FlowDocument | null>
  /** Every running document (keyword, button-click and ad triggers are matched against these). */
  runningFlows(): Promise<FlowDocument[]>
  // ---- webhook secrets ----
  verifySecret(flowId: string, key: string): Promise<boolean>
  /** The flow's secret, created when missing, or replaced when `rotate`. */
  ensureSecret(flowId: string, rotate: boolean): Promise<string>
  // ---- one contact at a time ----
  /**
   * Runs `fn` with the contact (created when new) while no other call for the same phone runs, in this process or
   * any other sharing the store. If `fn` throws, nothing it wrote is kept.
   */
  withContact<T>(phone: string, name: string | undefined, fn: (tx: ContactTx) => Promise<T>): Promise<T>
  // ---- logs ----
  recordDeliveryFailure(failure: DeliveryFailure): Promise<void>
  deliveryFailures(runId: string): Promise<DeliveryFailure[]>
  run(runId: string): Promise<RunSummary | null>
  runsOfContact(contactId: string): Promise<RunSummary[]>
  runsOfFlow(flowId: string, limit?: number): Promise<RunSummary[]>
  trace(runId: string): Promise<TraceEvent[]>
  messages(runId: string): Promise<LoggedMessage[]>
  contactByPhone(phone: string): Promise<Contact | null>
  close(): Promise<void>
}
