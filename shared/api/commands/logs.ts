import { z } from 'zod'
import { identifier } from '../../text/identifier'
import type { LoggedMessage, RunStatus, TraceEvent, TriggerInput, Vars } from '../../engine/types'
import { returns } from '../define'
import type { ConversationTestRecord } from './emulator-tests'
import { FlowIdSchema } from './flows'

// Flow Logs (View Logs): a flow's executions, newest first, paged by keyset so page N costs what page 1 costs,
// and one execution's node-by-node trace with its conversation. Housekeeping: retention, purge, JSON export.

export const RunStatusSchema = z.enum(['executing', 'paused', 'ended', 'failed'])

export const LogFilterSchema = z.object({
  status: z.array(RunStatusSchema).max(4).optional(),
  triggerKind: z.array(z.string().min(1).max(40)).max(10).optional(),
  /** A contact's id, or part of its name or phone number. */
  contact: z.string().trim().max(200).optional(),
  /** Epoch ms, inclusive bounds on the start time. */
  from: z.number().int().optional(),
  to: z.number().int().optional(),
  /** Matched case-insensitively in the messages of the run (both directions) and in its session variables. */
  text: z.string().trim().max(200).optional(),
  /** 'failed': only runs with an outbound message the channel did not deliver (docs/logs.md, "Delivery"). */
  delivery: z.enum(['failed']).optional(),
  /** 'time': only runs waiting on time (a Wait node, "no reply within"), those with a due time (docs/logs.md). */
  waiting: z.enum(['time']).optional(),
})
export type LogFilter = z.input<typeof LogFilterSchema>

/** Where the next page starts: the last row's start time and its storage order (ties within one millisecond). */
export const LogCursorSchema = z.object({ startedAt: z.number().int(), seq: z.number().int() })
export type LogCursor = z.infer<typeof LogCursorSchema>

export interface LogRun {
  id: string
  flowId: string
  flowName: string
  contact: { id: string; name: string; phone: string }
  status: RunStatus
  triggerKind: string
  endReason: string | null
  error: { code: string; message: string } | null
  nodeCount: number
  execMs: number
  startedAt: number
  updatedAt: number
  endedAt: number | null
  /** Outbound messages of this run that failed to reach the customer (0 for runs nothing sent to the channel). */
  failedDeliveries: number
  /** When this paused run is due to be woken (epoch ms), or null: it waits only for the customer, or is not paused. */
  wakeAt: number | null
  /**
   * The takeover this run's Hand over node started (a person has, or had, the conversation): since when, and when it
   * ended (null while it lasts). Absent for runs that started none.
   */
  handover?: { since: number; endedAt: number | null }
  /**
   * The version the run started on: a production server's published version (under an A/B split, the one the split
   * gave the contact), the studio's saved revision for its own runs; null for runs stored before versions were kept
   * (absent from a server older than this field).
   */
  version?: number | null
  cursor: LogCursor
}

/** Where an outbound message got to: the runtime's outbox, then the statuses the channel reported. */
export type DeliveryState = 'pending' | 'sent' | 'delivered' | 'read' | 'failed'

export interface LogDelivery {
  state: DeliveryState
  /** Why it failed (the channel's code and text), or the last attempt's error while it is still pending. */
  error: string | null
  attempts: number
  /** When it reached this state (ms), when known. */
  at: number | null
}

/** A message of the run's conversation: the customer's events in, the bot's messages out (typed by direction). */
export type LogMessage = LoggedMessage & {
  /** Outbound messages of runs a runtime sent to the channel; absent for the studio's own runs. */
  delivery?: LogDelivery
}

export interface LogTrace {
  run: LogRun
  /** Nodes in the order they ran, across every step of the run. */
  trace: TraceEvent[]
  messages: LogMessage[]
  vars: Vars
  /** Sum of node durations: the run's execution time without the time spent waiting for the customer. */
  totalMs: number
  /** Node ids in the order they ran, for "Show on canvas". */
  path: string[]
  /** How the run started, as the engine received it (webhook data, ad referral, tapped button…): "Open in emulator". */
  trigger: TriggerInput
  /** The trigger node the run started at (its first trace event), or null for a run without trace. */
  triggerNodeId: string | null
  /**
   * The contact as the run met it, for "Save as test": when the customer last wrote before the run started (the
   * newest inbound message kept of earlier runs; null: none) and whether they had opted in. Absent from servers
   * older than it.
   */
  contactAtStart?: { lastInboundAt: number | null; optedIn: boolean; fields?: Record<string, unknown> }
}

export interface LogRetention {
  /** Delete runs that started more than this many days ago; null keeps them. */
  days: number | null
  /** Keep only this many newest runs per flow; null keeps all. */
  keepLast: number | null
}

export const LogRetentionSchema = z.object({
  days: z.number().int().min(1).max(3650).nullable(),
  keepLast: z.number().int().min(1).max(10_000_000).nullable(),
})

export interface LogExport {
  format: 'chatflow-logs'
  version: 1
  exportedAt: number
  flowId: string | null
  filter: LogFilter | null
  /** True when the filtered list had more runs than the export limit. */
  truncated: boolean
  runs: Array<Omit<LogTrace, 'run'> & { run: Omit<LogRun, 'cursor'> }>
}

/**
 * Which runs: this studio's (absent), or those of a production server saved in the Publish dialog, read through
 * its publish API (docs/publish-api.md, "Flow Logs of a runtime").
 */
const ServerId = z.string().min(1).max(200).optional()

export const logsCommands = {
  'logs.list': {
    req: z.object({
      serverId: ServerId,
      flowId: FlowIdSchema,
      filter: LogFilterSchema.default({}),
      after: LogCursorSchema.optional(),
      limit: z.number().int().min(1).max(500).default(100),
    }),
    res: returns<{ runs: LogRun[]; next: LogCursor | null }>(),
  },
  /** The trigger kinds and contacts that occur in a flow's runs, for the filter menus. */
  'logs.facets': {
    req: z.object({ serverId: ServerId, flowId: FlowIdSchema }),
    res: returns<{ triggerKinds: string[] }>(),
  },
  'logs.run': { req: z.object({ serverId: ServerId, runId: z.string().min(1).max(200) }), res: returns<LogTrace>() },
  /** The list rows of these runs (those that still exist, in no particular order): live updates of rows on screen. */
  'logs.rows': {
    req: z.object({ serverId: ServerId, ids: z.array(z.string().min(1).max(200)).max(500) }),
    res: returns<LogRun[]>(),
  },
  'logs.retention.get': { req: z.object({}).default({}), res: returns<LogRetention>() },
  /** Saves the policy and applies it at once; runs that are executing or paused are never deleted by it. */
  'logs.retention.set': { req: LogRetentionSchema, res: returns<LogRetention & { deleted: number }>() },
  /** Deletes finished runs (ended, failed) of one flow, or of every flow, optionally only those before a time. */
  'logs.purge': {
    req: z.object({ flowId: FlowIdSchema.optional(), before: z.number().int().optional() }),
    res: returns<{ deleted: number }>(),
  },
  /**
   * Wakes this studio run that waits on time now, as if its due time had come: it goes on along its timeout path
   * (or the Wait node's out). Refused as `not_waiting` when the run does not wait on time any more.
   */
  'logs.wake': { req: z.strictObject({ runId: z.string().min(1).max(200) }), res: returns<LogRun>() },
  /** Ends this studio run that waits (on time or for the customer) as cancelled, running nothing more. */
  'logs.cancel': { req: z.strictObject({ runId: z.string().min(1).max(200) }), res: returns<LogRun>() },
  /**
   * A logged run, this studio's or a production server's (`serverId`), as a conversation test of its flow that
   * replays it (docs/testing.md, "Tests from real runs"): the trigger and every inbound message, HTTP results as
   * mocks, Script results replayed (`scripts: 'replay'`, the default) or run for real (`'run'`), the contact, the
   * clock and the window, with what the bot sent as expectations. `mask` replaces the phone, the name and typed
   * answers consistently; it defaults to true for a server's run, false for this studio's.
   */
  'logs.saveTest': {
    req: z.object({
      serverId: ServerId,
      runId: z.string().min(1).max(200),
      name: identifier(z.string().trim().min(1).max(120), 'A test name'),
      replace: z.boolean().default(false),
      mask: z.boolean().optional(),
      scripts: z.enum(['replay', 'run']).default('replay'),
    }),
    res: returns<ConversationTestRecord>(),
  },
  /** One run, or a flow's filtered list (newest first, at most `limit` runs), with traces and conversations. */
  'logs.export': {
    req: z.union([
      z.object({ serverId: ServerId, runId: z.string().min(1).max(200) }),
      z.object({
        serverId: ServerId,
        flowId: FlowIdSchema,
        filter: LogFilterSchema.default({}),
        limit: z.number().int().min(1).max(5000).default(1000),
      }),
    ]),
    res: returns<LogExport>(),
  },
}
