// What the headless runtime keeps, behind one async interface so SQLite (one process) and PostgreSQL (several
// instances) hold the same state the same way. Everything a contact's message changes is written through a
// ContactTx, which the store serialises per contact: see docs/runtime.md, "Ordering and exactly once".
import type { ContactDirectory } from '../services/audience/directory'
import type { PublishedVersion } from '../../shared/api/commands/publish'
import type { CatalogueEffect, ContactsEffect, TemplatesEffect } from '../../shared/engine/effects'
import type {
  Contact,
  HandoverChange,
  InboundEvent,
  OutboundMessage,
  RunState,
  StepResult,
  TraceEvent,
} from '../../shared/engine'
import type { FlowDocument } from '../../shared/flow/document'
import type { PublishLibrary } from '../services/publish/library'
import type { OutboundEnvelope } from './adapters/adapter'
import type { ChannelStore } from './channel-store'
import type { HandoverNotice, NoticeMessage } from './handover-notice'
import type { RuntimeHandovers } from './handover-rows'
import type { SharedPace } from './send-pacer'
import type { LogSource } from '../services/logs/source'
import type { TrafficSource } from '../services/traffic/source'
import type { LoggedMessage, RunSummary } from '../services/runs'
import type { BroadcastStore, RecipientWrite } from '../services/broadcast/store'
import type { FlowSplit } from '../../shared/api/commands/split'
import type { SplitAssignment, SplitSeen } from '../services/publish/split'

export type { LoggedMessage, PublishLibrary, RunSummary }

/** What one processed inbound message did, kept under its channel message id so a redelivery is answered, not rerun. */
export interface InboundRecord {
  messageId: string
  contactId: string
  action: 'resumed' | 'started' | 'ignored'
  runId: string | null
  receivedAt: number
}

/** An outbound message the channel refused for good, or that still failed after every retry: kept in the run's log. */
export interface DeliveryFailure {
  /** Null for a person's reply to a customer who never had a run (nothing in Flow Logs to mark it on). */
  runId: string | null
  contactId: string
  /** The message as the run sent it. */
  message: OutboundMessage
  adapter: string
  attempts: number
  error: string
  at: number
}

/** A message of the outbox, claimed by one sender for a while (its lease). */
export interface OutboxItem {
  contactId: string
  /** Commit order: a contact's messages are sent in this order. */
  seq: number
  envelope: OutboundEnvelope
  /** Attempts made before this one. */
  attempts: number
}

/** A message's place in the outbox, as the run's log shows it. */
export interface OutboxEntry {
  id: string
  status: 'pending' | 'sent' | 'failed'
  attempts: number
  lastError: string | null
}

/** A paused run the expiry sweep looks at (the engine's isExpired decides, under the contact's lock). */
export interface PausedCandidate {
  runId: string
  phone: string
  updatedAt: number
}

/** A paused run whose due time (wake_at) has come, claimed by this process to wake (RuntimeStore.claimDue). */
export interface DueRun {
  runId: string
  phone: string
  /** The due time the run was claimed at (epoch ms): the scheduler reports lateness against it. */
  wakeAt: number
}

/** A run as the hand controls (wake, cancel) find it: its contact's phone, its status and due time. */
export interface RunHandle {
  runId: string
  phone: string
  status: RunState['status']
  wakeAt: number | null
}

/** The writes of one processed message or webhook request, committed together with the contact's lock held. */
export interface ContactWrites {
  /** Runs closed on the way (superseded, expired) then the step that ran, in this order. */
  steps: Array<{ flow: Pick<FlowDocument, 'id' | 'name'>; step: StepResult }>
  inbound?: InboundRecord
  /** The customer wrote at this time (the service window counts from it). */
  touchInboundAt?: number
  /**
   * Lease the step's outbound messages to this process's sender until `until` (epoch ms), as a claim would, when
   * none of the contact's messages is unsent before them; `commit` then returns them. The sender gets them without
   * a claim (PostgreSQL: one query per message fewer, and no claim racing the other instances' for the same rows;
   * SQLite, whose one sender holds its leases in memory: no claim after every commit, 35-40 % of serve's CPU per
   * webhook request at one connection).
   */
  leaseOutbound?: { until: number }
  /**
   * Takeovers the core started or ended (handoverChanges: the event's, then each step's, a Hand over node's start),
   * in order: the contact's handovers rows, written with the step.
   */
  handovers?: HandoverChange[]
  /** Lines of a takeover's transcript: the customer's messages held while with a person, the person's replies. */
  transcript?: Array<
    | { handoverId: string; at: number; direction: 'in'; message: InboundEvent }
    | { handoverId: string; at: number; direction: 'out'; message: OutboundMessage }
  >
  /**
   * The person's reply, queued in the outbox under `runId` (the takeover's run, or the contact's newest) and kept
   * among that run's messages as the person's (`author` 'person'); with no run (a customer who only wrote), queued
   * with none.
   */
  personReply?: { runId: string | null; flowId: string | null; at: number; message: OutboundMessage; id: string }
  /** The takeover notifications to send (handover-notifier.ts), when the runtime has an endpoint for them. */
  notifications?: HandoverNotice[]
  /**
   * A broadcast recipient this step started (or found blocked): its outcome is written in the same transaction, only
   * while the recipient is still pending (else RecipientTaken is thrown and nothing is kept), so a crash neither
   * loses a recipient nor starts one twice (broadcast-host.ts).
   */
  broadcastRecipient?: RecipientWrite
  /** Runs of split flows started in this step: the contact keeps these versions while their splits last. */
  assign?: SplitAssignment[]
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
  /** The flows with an A/B split, each with this contact's assignment (docs/runtime.md, "A/B split"). */
  splits(): Promise<Map<string, SplitSeen>>
  /** A stored version's document (a run started under a split goes on with it); null when there is no such version. */
  versionFlow(flowId: string, version: number): Promise<FlowDocument | null>
  /** RuntimeStore.calledFlow on this transaction's connection. */
  calledFlow(
    callerId: string,
    callerVersion: number | null,
    calleeId: string,
  ): Promise<{ doc: FlowDocument; version: number } | null>
  /** For the engine: contact reads and updates inside this transaction. */
  readonly contacts: ContactsEffect
  /**
   * The step's library effects as this transaction reads them: PostgreSQL reads its own over the transaction's
   * connection (pg-library.ts libraryOn); absent: as given.
   */
  library?(effects: LibraryEffects): LibraryEffects
  /** The contact's last `limit` messages, oldest first (a takeover notification lists them). */
  recentMessages(limit: number): Promise<NoticeMessage[]>
  /** The contact's newest run (a person's reply without a Hand over run is queued under it), or null. */
  newestRun(): Promise<{ id: string; flowId: string } | null>
  /**
   * Writes everything at once, the steps' outbound messages into the outbox included (their envelopes go to the
   * contact's phone); called at most once, last. Returns the messages it leased (ContactWrites.leaseOutbound), in
   * order (empty when it leased none); they are the caller's to send once the transaction has committed
   * (withContact has resolved).
   */
  commit(writes: ContactWrites): Promise<OutboxItem[]>
}

/** The effects a store's library serves (RuntimeStore.libraryEffects). */
export interface LibraryEffects {
  templates: TemplatesEffect
  catalogue: CatalogueEffect
}

export interface RuntimeStore {
  /** 'sqlite' or 'postgres': shown at start and in benchmark lines. */
  readonly kind: string
  // ---- published flows ----
  /**
   * Stores a checked document as the flow's next version and runs it from now on, and upserts the checked library
   * items it travelled with (templates by name and language, products by catalogue and id), all atomically.
   * `callees`: the checked documents of the flows it calls, callees first (services/publish/callees.ts
   * checkPublishBundle): stored as versions where they changed, and pinned to the new version (`calledFlow`).
   */
  publish(document: FlowDocument, library?: PublishLibrary, callees?: FlowDocument[]): Promise<PublishedVersion>
  /**
   * What the Template Message, SPM and MPM nodes read: the templates and catalogue products this store holds (the
   * studio's library tables, which publishes upsert into; on PostgreSQL only what publishes carried).
   */
  libraryEffects(): LibraryEffects
  versions(flowId: string): Promise<PublishedVersion[]>
  /** null when the flow has no such version. */
  rollback(flowId: string, version: number): Promise<PublishedVersion | null>
  /** The document running now, or null for an unknown flow. */
  runningFlow(flowId: string): Promise<FlowDocument | null>
  /** Every running document (keyword, button-click and ad triggers are matched against these). */
  runningFlows(): Promise<FlowDocument[]>
  // ---- the A/B split (docs/runtime.md, "A/B split"; split-control.ts checks requests) ----
  /** The flow's split, or null when its new conversations all go to the running version. */
  split(flowId: string): Promise<FlowSplit | null>
  /**
   * Starts the split, or changes its percent: the same versions keep its `since` and every contact's assignment;
   * other versions make a new split (assignments of the old one are forgotten). Publishing or rolling back the flow
   * ends it (so does split-control's end: a rollback to the version kept).
   */
  putSplit(flowId: string, versions: [number, number], percent: number, now: number): Promise<FlowSplit>
  /**
   * The callee's version a caller's version was published with, pinned (docs/publish-api.md, "Callees"), or null
   * when that version calls no such flow. `callerVersion` null: the version the caller runs now.
   */
  calledFlow(
    callerId: string,
    callerVersion: number | null,
    calleeId: string,
  ): Promise<{ doc: FlowDocument; version: number } | null>
  // ---- webhook secrets ----
  verifySecret(flowId: string, key: string): Promise<boolean>
  /**
   * A new secret for the flow when it has none, or when `rotate` (replacing the old one). Null when the flow
   * already has one and `rotate` is false: only its digest is stored, so it cannot be answered again.
   */
  ensureSecret(flowId: string, rotate: boolean): Promise<string | null>
  // ---- one contact at a time ----
  /**
   * Runs `fn` with the contact (created when new) while no other call for the same phone runs, in this process or
   * any other sharing the store. If `fn` throws, nothing it wrote is kept.
   */
  withContact<T>(phone: string, name: string | undefined, fn: (tx: ContactTx) => Promise<T>): Promise<T>
  /**
   * Several existing contacts in one transaction (the wake scheduler's batches, on a store where a transaction's
   * round trips and commit cost more than its work: PostgreSQL). Every contact's lock is taken first, in one fixed
   * order, so two batches never wait on each other; then `fn` runs for each contact in turn, on a ContactTx whose
   * `commit` must not be called: `fn` returns its writes instead, and all of them are written in one statement
   * before the one commit. If anything throws, nothing of any contact is kept. A phone with no contact gets no
   * call (null in its place). Answers each call's result and the outbound messages its writes leased.
   * `create` (a broadcast round's group: broadcast-host.ts): the phones' contacts are created when new, with these
   * names as withContact's `name` (the phones must then be distinct); a contact so created whose call returned no
   * writes is not kept.
   */
  withContacts?<T>(
    phones: string[],
    fn: (tx: ContactTx, index: number) => Promise<{ result: T; writes: ContactWrites | null }>,
    opts?: { create?: Array<string | undefined> },
  ): Promise<Array<{ result: T; leased: OutboxItem[] } | null>>
  /**
   * The phone number's send pace shared by every instance on this store (PostgreSQL: a row of send_pace); absent:
   * one process sends from the store (SQLite), so its pacer's own bucket is the number's.
   */
  sendPace?(number: string): SharedPace
  // ---- the outbox (outbox.ts) ----
  /**
   * Leases, for up to `limit` contacts whose oldest unsent message is due now (next attempt reached, no live
   * lease), that message and up to `perContact - 1` unsent messages after it; in commit order. Only a contact's
   * oldest unsent message makes it a candidate, so its messages are held by one sender at a time, on any instance.
   */
  claimOutbound(opts: { now: number; leaseMs: number; limit: number; perContact: number }): Promise<OutboxItem[]>
  /** Gives leased messages back untouched (the ones after a message that is waiting for a retry). */
  outboundRelease(seqs: number[]): Promise<void>
  /**
   * Marks these messages sent (one statement: deliveries finishing together are marked together), each with the id
   * the channel gave it (`channelIds[i]` for `seqs[i]`; null or absent when the adapter returned none). Answers
   * whether unsent messages of these contacts may wait that no sender holds: false means none, so no claim is needed
   * for them (PostgreSQL reads it in the same statement, SQLite in the same transaction, from the contacts' pending
   * rows and its in-memory leases); true means claim.
   */
  outboundSent(seqs: number[], at: number, channelIds?: Array<string | null>): Promise<boolean>
  /**
   * SQLite only (one process holds the file, leases live in its memory): after outboundSent answered true for a
   * chain of `contactId`, leases that contact's unsent messages as claimOutbound would (its oldest due and held by
   * no one, then up to `perContact - 1` after it), without the claim's scan of every contact's queue; [] when
   * nothing of the contact waits unheld, null when a claim must decide (its oldest is held or not yet due).
   */
  outboundWaiting?(
    contactId: string,
    o: { now: number; leaseMs: number; perContact: number },
  ): Promise<OutboxItem[] | null>
  /** Gives the message back for another attempt at `nextAt`. */
  outboundRetry(seq: number, attempts: number, nextAt: number, error: string): Promise<void>
  /** Marks it failed and writes the failure into the run's log, in one transaction. */
  outboundFailed(seq: number, failure: DeliveryFailure): Promise<void>
  outbox(runId: string): Promise<OutboxEntry[]>
  // ---- housekeeping (housekeeping.ts) ----
  /** Paused runs last active before `before`, oldest first, after the `after` key when given. */
  pausedCandidates(
    before: number,
    limit: number,
    after?: { updatedAt: number; runId: string },
  ): Promise<PausedCandidate[]>
  /** Deletes up to `limit` finished runs started before `before`, with their trace, messages, outbox and failures. */
  deleteFinishedRuns(before: number, limit: number): Promise<number>
  /**
   * Forgets up to `limit` processed inbound message ids received before `before` (and as many of the channel's
   * inbox rows and statuses, and of the takeover notifications sent or given up by then).
   */
  forgetInbound(before: number, limit: number): Promise<number>
  // ---- time: runs waiting until an instant (wakes.ts; docs/runtime.md, "Time") ----
  /**
   * Claims up to `limit` runs due by `now` (wake_at <= now) that no live claim holds, earliest due first, for
   * `leaseMs`: on any instance sharing the store, no other claim returns them until the lease runs out or a step
   * of the run commits (which rewrites wake_at and drops the claim).
   */
  claimDue(opts: { now: number; leaseMs: number; limit: number }): Promise<DueRun[]>
  /** Ends this process's claim on a run it did not wake: it may be claimed again from `at` (epoch ms). */
  releaseDue(runId: string, at: number): Promise<void>
  /**
   * The earliest wake_at of a run no live claim holds at `now`, or null when none waits on time (the scheduler
   * sleeps until then).
   */
  nextDue(now: number): Promise<number | null>
  /** The run with its contact's phone (for a wake or cancel by hand), or null for an unknown run. */
  runHandle(runId: string): Promise<RunHandle | null>
  /** How many runs wait on time (wake_at set), for /metrics. */
  waitingCount(): Promise<number>
  // ---- the channel's webhook: its inbox and the statuses of sent messages (channel-store.ts) ----
  readonly channel: ChannelStore
  // ---- takeovers (docs/runtime.md, "Human takeover") ----
  readonly handovers: RuntimeHandovers
  // ---- broadcasts (services/broadcast; docs/runtime.md, "Broadcasts") ----
  readonly broadcasts: BroadcastStore
  // ---- logs ----
  /** Flow Logs over this store, delivery states included (the runtime's logs API serves them to the studio). */
  readonly logs: LogSource
  /** Traffic aggregates over this store (the publish API's traffic and funnel; docs/logs.md "Traffic aggregates"). */
  readonly traffic: TrafficSource
  // ---- broadcasts: the contacts they go to (electron/services/audience) ----
  readonly directory: ContactDirectory
  deliveryFailures(runId: string): Promise<DeliveryFailure[]>
  run(runId: string): Promise<RunSummary | null>
  runsOfContact(contactId: string): Promise<RunSummary[]>
  runsOfFlow(flowId: string, limit?: number): Promise<RunSummary[]>
  trace(runId: string): Promise<TraceEvent[]>
  messages(runId: string): Promise<LoggedMessage[]>
  contactByPhone(phone: string): Promise<Contact | null>
  close(): Promise<void>
}
