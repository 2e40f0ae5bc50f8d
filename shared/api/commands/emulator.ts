import { z } from 'zod'
import { identifier } from '../../text/identifier'
import type { Handover, LoggedMessage, RunStatus, TraceEvent, Vars } from '../../engine/types'
import {
  HandbackVariablesSchema,
  HandoverNoteSchema,
  HandoverUntilSchema,
  PersonTextSchema,
  type HandoverMessage,
} from './handovers'
import type { DebugView } from '../../engine/debug/types'
import { returns } from '../define'
import { FlowIdSchema } from './flows'

// The phone emulator: a test contact talks to one flow through the real engine and the real Flow Logs. Every
// answer is the whole session (the current run's conversation, trace and variables), so the phone, the variables
// inspector and the canvas overlay redraw from one value.

const Json = z.record(z.string(), z.json())

const AdSchema = z.object({
  source_url: z.string().optional(),
  source_id: z.string().optional(),
  source_type: z.string().optional(),
  headline: z.string().optional(),
  body: z.string().optional(),
  media_type: z.string().optional(),
  image_url: z.string().optional(),
  video_url: z.string().optional(),
  thumbnail_url: z.string().optional(),
  ctwa_clid: z.string().optional(),
})

/** How a test starts: the same five trigger kinds as production (docs/engine.md, Triggers). */
export const EmulatorTriggerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('keyword'), text: z.string().min(1) }),
  z.object({
    kind: z.literal('webhook'),
    data: Json.default({}),
    message_text: z.string().optional(),
    button_id: z.string().optional(),
  }),
  z.object({ kind: z.literal('button_click'), payload: z.string().min(1), text: z.string().default('') }),
  z.object({ kind: z.literal('ad_click'), ad: AdSchema, text: z.string().default('') }),
  z.object({ kind: z.literal('manual'), data: Json.default({}) }),
])
export type EmulatorTrigger = z.input<typeof EmulatorTriggerSchema>
export type ParsedEmulatorTrigger = z.output<typeof EmulatorTriggerSchema>

/** What the customer does on the phone (docs/runtime.md, Inbound messages shapes, as the engine reads them). */
export const CustomerEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('button_reply'), reply: z.object({ id: z.string(), title: z.string() }) }),
  z.object({
    type: z.literal('list_reply'),
    reply: z.object({ id: z.string(), title: z.string(), description: z.string().optional() }),
  }),
  z.object({ type: z.literal('template_button'), button: z.object({ payload: z.string(), text: z.string() }) }),
  // The parsed response_json, as the engine's InboundEvent holds it (the wire carries JSON anyway).
  z.object({ type: z.literal('nfm_reply'), response: z.record(z.string(), z.unknown()) }),
  z.object({
    type: z.literal('order'),
    order: z.object({
      catalog_id: z.string(),
      text: z.string().optional(),
      product_items: z.array(
        z.object({
          product_retailer_id: z.string(),
          quantity: z.number().int().positive(),
          item_price: z.number(),
          currency: z.string(),
        }),
      ),
    }),
  }),
])
export type CustomerEvent = z.input<typeof CustomerEventSchema>

/** A node replaced by a fixed result for this test (HTTP Calls "from the mock"); by node name. */
export const MocksSchema = z
  .record(
    z.string(),
    z.object({
      output: z.json().optional(),
      /** Call Flow: the callee's outputs; the call leaves by done and the callee does not run. */
      outputs: z.record(z.string(), z.unknown()).optional(),
      port: z.string().optional(),
      error: z.string().optional(),
      /** HTTP Call: answered by this response, which still goes through the node (port by status, save-as). */
      response: z
        .object({
          status: z.number().int().optional(),
          headers: z.record(z.string(), z.string()).optional(),
          body: z.json().optional(),
        })
        .optional(),
    }),
  )
  .default({})

export interface EmulatorContact {
  id: string
  name: string
  phone: string
  optedIn: boolean
  lastInboundAt: number | null
  fields: Record<string, unknown>
  /**
   * The language the studio keeps for this contact (docs/languages.md, "The contact's language"): set by the tester
   * or by a Set Language node in a run, read when a run starts; null: none stored.
   */
  language: string | null
}

export type EmulatorMessage = LoggedMessage

export interface EmulatorSession {
  flowId: string
  contact: EmulatorContact
  run: {
    id: string
    status: RunStatus
    triggerKind: string
    endReason: string | null
    error: { code: string; message: string } | null
    /** The node waiting for the customer, while paused. */
    waitingNodeId: string | null
    /**
     * The flow that node belongs to: the run's own (`flowId`), or the flow a Call Flow node called when the run
     * waits inside a call (docs/engine.md, "Calls").
     */
    waitingFlowId?: string | null
    /** When the paused run falls due on the emulator's clock (a Wait node, "no reply within"), or null. */
    wakeAt: number | null
    vars: Vars
    startedAt: number
  } | null
  messages: EmulatorMessage[]
  trace: TraceEvent[]
  /** How far this contact's emulator clock is ahead of real time ("Skip ahead"; 0 until the tester skips). */
  clockOffsetMs: number
  /** The debugger's view while it is attached to this contact and flow (docs/emulator.md, "Debugging"); else absent. */
  debug?: DebugView | null
  /**
   * While a person has this contact's conversation (docs/emulator.md, "Playing the person"): the takeover and its
   * transcript (the customer's messages recorded, the person's replies). Null: the bot has it.
   */
  person?: { handover: Handover; messages: HandoverMessage[] } | null
}

export interface EmulatorOutcome {
  /** 'ignored' when nothing started or resumed; `notice` then says why (inactive flow, no keyword matched…). */
  action: 'started' | 'resumed' | 'ignored'
  notice: string | null
  session: EmulatorSession
}

export interface BranchCoverage {
  nodeId: string
  nodeName: string
  port: string
  portLabel: string
  /** The edge leaving this port, or null for an unconnected port (taking it ends the run). */
  edgeId: string | null
  covered: boolean
}

export interface FlowCoverage {
  flowId: string
  branches: BranchCoverage[]
  covered: number
  total: number
  /** 0–100, rounded down; 100 only when every branch is covered. A flow without branches is 100. */
  percent: number
  reachedNodeIds: string[]
  /** Runs counted since this time: the last structural change of the flow (docs/coverage.md). */
  since: number
  runs: number
}

const Target = { flowId: FlowIdSchema, contactId: z.string().min(1) }

/**
 * Enforce the 24-hour window and opt-out on the bot's sends, as production does (docs/emulator.md). Off by default:
 * a fresh test phone has no message history, and most tests are about the flow, not the channel's rules.
 */
const EnforceWindow = z.boolean().default(false)

export const emulatorCommands = {
  /** The test contact with this phone (created when new); without a phone, the default test contact. */
  'emulator.contact': {
    req: z.object({ phone: z.string().optional(), name: z.string().max(120).optional() }),
    res: returns<EmulatorContact>(),
  },
  /** A fresh contact with the next free test number: a customer the studio has never seen. */
  'emulator.newContact': {
    req: z.object({ name: z.string().max(120).optional() }),
    res: returns<EmulatorContact>(),
  },
  'emulator.updateContact': {
    req: z.object({
      contactId: z.string().min(1),
      name: identifier(z.string().min(1).max(120), 'A contact name').optional(),
      optedIn: z.boolean().optional(),
      fields: Json.optional(),
      /** A language tag to keep for the contact, or null to forget it. */
      language: z.string().trim().min(1).max(35).nullable().optional(),
    }),
    res: returns<EmulatorContact>(),
  },
  'emulator.start': {
    req: z.object({
      ...Target,
      trigger: EmulatorTriggerSchema,
      triggerNodeId: z.string().optional(),
      /** Start at this node (by id) instead of the trigger: a test started mid-flow with preset variables. */
      startNodeId: z.string().optional(),
      presets: Json.default({}),
      mocks: MocksSchema,
      enforceWindow: EnforceWindow,
    }),
    res: returns<EmulatorOutcome>(),
  },
  'emulator.send': {
    req: z.object({ ...Target, event: CustomerEventSchema, mocks: MocksSchema, enforceWindow: EnforceWindow }),
    res: returns<EmulatorOutcome>(),
  },
  /** The contact's latest run of this flow (or `runId`), with its conversation and trace. */
  'emulator.session': {
    req: z.object({ ...Target, runId: z.string().optional() }),
    res: returns<EmulatorSession>(),
  },
  /** Ends the contact's paused run (as 'superseded'), so the next start begins a fresh conversation. */
  'emulator.restart': { req: z.object(Target), res: returns<EmulatorSession>() },
  /** Edits the paused run's variables between turns (the inspector); `unset` removes names. */
  'emulator.setVariables': {
    req: z.object({ ...Target, set: Json.default({}), unset: z.array(z.string()).default([]) }),
    res: returns<EmulatorSession>(),
  },
  /** A person takes the emulator contact's conversation: the bot stays silent until the hand-back. */
  'emulator.handover': {
    /** `until`: on the contact's emulator clock; Skip ahead past it hands back by `timeout`. */
    req: z.object({ ...Target, note: HandoverNoteSchema.optional(), until: HandoverUntilSchema.optional() }),
    res: returns<EmulatorSession>(),
  },
  /** The person hands back; a run waiting at a Hand over node goes on by `returned` with `variables`. */
  'emulator.handBack': {
    req: z.object({ ...Target, variables: HandbackVariablesSchema.default({}), mocks: MocksSchema }),
    res: returns<EmulatorOutcome>(),
  },
  /** The person writes to the emulator contact (shown on the phone as the business's message). */
  'emulator.personReply': {
    req: z.object({ ...Target, text: PersonTextSchema }),
    res: returns<EmulatorSession>(),
  },
  'emulator.coverage': { req: z.object({ flowId: FlowIdSchema }), res: returns<FlowCoverage>() },
  /** Coverage percent of every flow, for the flows list. */
  'emulator.coverageAll': { req: z.object({}), res: returns<Record<string, number>>() },
}
