// The engine's data: everything here is plain JSON so a host can persist a run and resume it in another process.

export type Vars = Record<string, unknown>

export type RunStatus = 'executing' | 'paused' | 'ended' | 'failed'

/** Why a run ended; 'completed' covers an End node and a dead end (a port with no edge). */
/** `cancelled`: a person ended the waiting run by hand (the Flow Logs' Cancel run, the runtime's API). */
export type EndReason = 'completed' | 'superseded' | 'expired' | 'cancelled'

export interface EngineError {
  /** Stable, machine-readable: 'expression_error', 'no_runner', 'invalid_config', 'max_attempts', ... */
  code: string
  message: string
  nodeId?: string
  nodeName?: string
}

export interface Contact {
  id: string
  name: string
  /** With country code, e.g. +919800000001. */
  phone: string
  optedIn?: boolean
  /** The host's record of the customer's last message (any run); the service window counts from it. */
  lastInboundAt?: number | null
  fields?: Record<string, unknown>
  /**
   * The customer's language as the host knows it (BCP 47): stored by an earlier run or a Set Language node, or set
   * by the tester. Read when a run of a flow with several languages starts (shared/engine/language.ts).
   */
  language?: string | null
  /**
   * Set while a person has the conversation (docs/engine.md, "The conversation core", rules 14-17): the bot starts
   * and resumes nothing for the contact until it is handed back. Absent or null: the bot has it.
   */
  handover?: Handover | null
}

/** A person has the contact's conversation: a contact state, not a run state (it works with or without a node). */
export interface Handover {
  /** 'hnd_…' (ids.ts, timeOrderedId). */
  id: string
  /** Epoch ms. */
  since: number
  by: 'node' | 'api' | 'studio'
  /** The Hand over node's run (paused at it), when a node started it; null for an API/studio takeover. */
  runId: string | null
  flowId: string | null
  nodeId: string | null
  /** When the conversation comes back to the bot by itself (the node's time), or null. */
  until: number | null
  /** Free text the operator/node gave (the reason, the team), shown in the studio and sent in the notification. */
  note: string | null
}

/** How a takeover ended: who gave the conversation back, when, and the variables the person set. */
export interface HandbackRecord {
  handoverId: string
  at: number
  by: 'api' | 'studio' | 'timeout'
  variables: Vars
}

/** A takeover ended, as the Hand over node's run learns it (NodeRunner.handBack): with since when the person had it. */
export type HandBack = HandbackRecord & { since: number }

/** What a step or an event asks the host to store on the contact about a takeover. */
export type HandoverChange = { start: Handover } | { end: HandbackRecord }

// ---- Inbound events: the channel's shapes (docs/runtime.md, Inbound messages), reduced to what a flow reads ----
export type InboundEvent = (
  | { type: 'text'; text: string }
  | { type: 'button_reply'; reply: { id: string; title: string } }
  | { type: 'list_reply'; reply: { id: string; title: string; description?: string } }
  /** A template quick-reply tap. */
  | { type: 'template_button'; button: { payload: string; text: string } }
  /** A Chat Flow form submission; `response` is the parsed response_json. */
  | { type: 'nfm_reply'; response: Record<string, unknown> }
  | { type: 'order'; order: OrderPayload }
) & {
  /** The channel message id (wamid): {{chat_message_id}} when the message starts a run. */
  id?: string
  /** Present on the first message after an ad click. */
  referral?: AdReferral
}

export interface OrderPayload {
  catalog_id: string
  text?: string
  product_items: Array<{ product_retailer_id: string; quantity: number; item_price: number; currency: string }>
}

/** Ad referral fields carried by the first message after an ad click (docs/runtime.md, Inbound messages). */
export interface AdReferral {
  source_url?: string
  source_id?: string
  source_type?: string
  headline?: string
  body?: string
  media_type?: string
  image_url?: string
  video_url?: string
  thumbnail_url?: string
  ctwa_clid?: string
  welcome_message?: { text: string }
}

/** How a run was started. The trigger node's variables are built from this (engine/trigger-vars.ts). */
export type TriggerInput =
  | { kind: 'keyword'; keyword: string; message: InboundEvent & { type: 'text' } }
  | { kind: 'button_click'; payload: string; text: string; message: InboundEvent; extracted?: Vars }
  | { kind: 'ad_click'; ad: AdReferral; message: InboundEvent }
  /** `message_id`: the request's {{chat_message_id}} (the conversation core makes one up when absent). */
  | {
      kind: 'webhook'
      phone_number: string
      data: Vars
      message_text?: string
      button_id?: string
      message_id?: string
    }
  | { kind: 'manual'; operator?: string; data?: Vars }

// ---- Outbound messages: the channel's send shapes (the Cloud API's send shapes), one union with zod schemas ----
export type {
  OutboundMessage,
  InteractiveMessage,
  InteractiveHeader,
  ReplyButton,
  ListRow,
  ListSection,
  TemplateComponent,
  TemplateParameter,
  MediaKind,
  ListInteractive,
  ProductInteractive,
  FormInteractive,
  TemplateMessage,
} from './outbound'
import type { OutboundMessage } from './outbound'

/** One message of a run's conversation as the Flow Logs keep it: the customer's events in, the bot's messages out. */
export type LoggedMessage = {
  seq: number
  /** An outbound message's id (TraceEvent.messageIds names it); null for inbound ones and rows from before ids. */
  id: string | null
  type: string
  createdAt: number
  /** 'person': written by the person who had the conversation (a takeover), not by the bot. Absent otherwise. */
  author?: 'person'
} & ({ direction: 'in'; payload: InboundEvent } | { direction: 'out'; payload: OutboundMessage })

// ---- The run ----
import type { DebugPause } from './debug/types'
export interface WaitCursor {
  nodeId: string
  /** Times the customer answered this node without a valid answer (Question retries, untapped buttons). */
  attempts: number
  /** Runner-owned state kept across the pause (e.g. the rendered buttons, to match a reply to a tap). */
  data?: unknown
  /**
   * Set when the node waits on time (epoch ms): a Wait node (time only), or a waiting node with "no reply within"
   * (the customer or time, whichever comes first). From this instant on the run is due: a wake resumes it by
   * `timeoutPort` (docs/engine.md, "Waiting on time"). Hosts read it only through `dueAt(state)`.
   */
  until?: number
  /** The port a wake leaves by ('timeout', or a Wait node's 'out'); set with `until`. */
  timeoutPort?: string
  /** False when no customer message answers this wait (a Wait node): only the wake resumes it. Absent: true. */
  customer?: false
}

/**
 * One open call of the run's call stack (docs/engine.md, "Calls"): the flow being run at that depth, and what the
 * run needs to go back to its caller when that flow ends.
 */
export interface CallFrame {
  /** The flow this frame runs (the callee). */
  flowId: string
  /** The callee's revision the call was made with; null: the latest (the studio). */
  revision: string | null
  /** The Call Flow node, in the flow of the frame below (the caller), that made the call. */
  callNodeId: string
  /** The caller's session, kept while the callee runs: the callee sees only its inputs and the system variables. */
  callerVars: Vars
}

export interface RunState {
  id: string
  flowId: string
  contactId: string
  status: RunStatus
  trigger: TriggerInput
  vars: Vars
  /** Set while paused: the node waiting for the customer, for time, or for whichever comes first. */
  waiting: WaitCursor | null
  startedAt: number
  updatedAt: number
  /** Last time the customer wrote in this run; the messaging window (24 h) counts from it. */
  lastInboundAt: number | null
  endedAt: number | null
  endReason: EndReason | null
  error: EngineError | null
  /** Trace events so far, across steps: the next event's seq. */
  nodeCount: number
  /**
   * The call stack, outermost first: the run is in the flow of the last frame (`waiting` and `vars` are that flow's).
   * Absent or []: the run is in its root flow, `flowId`. Plain JSON like the rest, so hosts store it unchanged.
   */
  calls?: CallFrame[]
  /**
   * Set while the debugger holds the run (status 'paused', `waiting` null): where it stopped and the node it goes on
   * from (shared/engine/debug). Plain JSON, persisted like any paused run.
   */
  debug?: DebugPause
  /**
   * The language the run speaks (docs/languages.md): chosen at start, changed by a Set Language node; for a flow of
   * one language, its locale. Absent in runs stored before languages existed: they speak the flow's default.
   */
  language?: string
}

export interface TraceEvent {
  runId: string
  /** 0-based order within the run, continuing across steps. */
  seq: number
  nodeId: string
  nodeName: string
  /** The node's type as the document names it (shared/flow/document.ts). */
  nodeType: string
  /** 'run' when the node executed, 'resume' when a paused node took the customer's answer. */
  phase: 'run' | 'resume'
  input: unknown
  output: unknown
  port: string | null
  startedAt: number
  durationMs: number
  error: EngineError | null
  /** Expression errors met while the node ran: the placeholder rendered empty and the run went on. */
  warnings: string[]
  /**
   * Ids of the messages this step sent, in send order ([] when it sent none, always for a failed step). Hosts store
   * each message under its id, so a chat bubble finds the step that sent it (shared/engine/sent.ts).
   */
  messageIds: string[]
  /** Why the node chose its port, when its type says (an Intent's `{ scores, provider }`). */
  detail?: Vars
  /** The flow the node belongs to, when the run was inside a call (absent: the run's root flow, `RunState.flowId`). */
  flowId?: string
  /** How many calls deep the node ran (absent: 0, the root flow). */
  depth?: number
  /**
   * The node ran in a language other than its flow's default and some of its customer texts had no translation
   * (`missing`: their default text was sent) or were translated from an earlier default text (`outdated`: the
   * translation was sent). Pointers into the node's config. Absent: every text was in the run's language.
   */
  translation?: { language: string; missing: string[]; outdated?: string[] }
}

/** What one step (start or resume) produced. A host persists all of it in one transaction. */
export interface StepResult {
  state: RunState
  /** In send order. Messages of a node that failed are never here. */
  messages: OutboundMessage[]
  trace: TraceEvent[]
  /** The inbound message that drove the step, when there was one (for the conversation log). */
  inbound: InboundEvent | null
  /**
   * Set when a node (Set Language) changed the run's language during the step: the language to store on the contact,
   * so its next run starts in it. Absent: the contact's language is as it was.
   */
  contactLanguage?: string
  /**
   * Set when a node (Hand over) put the contact with a person during the step, or a hand-back ended the takeover:
   * what the host stores on the contact (the handovers table) in the step's transaction.
   */
  handover?: HandoverChange
}
