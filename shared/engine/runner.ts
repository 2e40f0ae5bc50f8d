// The contract between the engine and one node type's semantics (shared/nodes/<type>/run.ts).
import type { FlowNode } from '../flow/document'
import type { FlowSettings } from '../flow/settings'
import type { ConditionRule } from '../expr'
import type { Effects } from './effects'
import type {
  Contact,
  EngineError,
  HandBack,
  InboundEvent,
  OutboundMessage,
  TriggerInput,
  Vars,
  WaitCursor,
} from './types'

export interface RunContext<C> {
  node: FlowNode
  /** The node's config, parsed by its definition's schema (defaults applied). */
  config: C
  /** The run's session, read-only: a runner returns what it sets, the engine applies it. */
  vars: Readonly<Vars>
  contact: Contact
  /** The flow's settings, complete (flowSettings): how typed answers are read. */
  settings: FlowSettings
  /**
   * The language the run speaks (a flow language, or the flow's locale for a flow of one): the config's customer
   * texts are already in it; Question parsing reads answers in it (parsingLocale, shared/flow/languages.ts).
   */
  language: string
  /** How the run started; the Trigger node turns it into its variables. */
  trigger: TriggerInput
  effects: Effects
  /**
   * Renders a {{ }} template against the session, with `extra` laid over it when given. A failing placeholder
   * renders empty (a trace warning).
   */
  render(text: string, extra?: Vars): string
  /** Evaluates a template to a typed value ({{ {{a}} * 2 }} gives a number). */
  evaluate(text: string): unknown
  /** Condition and Router rules joined by AND or OR. */
  rules(rules: ConditionRule[], join: 'and' | 'or'): boolean
}

/** What executing (or resuming) a node produced. Messages of a failing node are discarded, never sent. */
export type NodeOutcome =
  | {
      kind: 'next'
      port: string
      /** Saved under the node's name and recorded in the trace. */
      output?: unknown
      /** Extra session variables (a Question's Save to variable, button_id, _last_*). */
      vars?: Vars
      messages?: OutboundMessage[]
      /** Console lines (a Script's): shown in the trace under `console`, never saved to the session. */
      logs?: string[]
      /** Why the node chose its port (an Intent's scores and provider): recorded in the trace event only. */
      detail?: Vars
      /**
       * The run's language from here on (a Set Language node): one of the flow's languages, as the flow lists it.
       * The engine sets RunState.language and {{contact.language}}, and tells the host to store it on the contact.
       */
      language?: string
    }
  | {
      kind: 'wait'
      messages: OutboundMessage[]
      output?: unknown
      vars?: Vars
      /** Runner-owned state kept in the run across the pause. */
      data?: unknown
      /**
       * Wait on time too: from this instant (epoch ms) a wake resumes the run by `timeoutPort` unless the customer
       * answered first. Any node type may use it; the engine, not the type, carries the wake out.
       */
      until?: number
      /** The port a wake leaves by; required with `until`. */
      timeoutPort?: string
      /** False: no customer message answers this wait, only the wake (needs `until`). Default true. */
      customer?: false
      /**
       * A Hand over node: the contact goes to a person while the run waits here (`id`: a new 'hnd_' id). The engine
       * builds the Handover and the host stores it (StepResult.handover); a hand-back resumes the node (handBack).
       */
      handover?: { id: string; note: string | null; until: number | null }
    }
  /**
   * An End node: the run ends completed; inside a call, the flow returns to its caller instead, with `returns` (the
   * values of the End's declared outputs, by output name) as the call's outputs (docs/engine.md, "Calls").
   */
  | { kind: 'end'; output?: unknown; returns?: Vars }
  /**
   * A Call Flow node: run flow `flowId` (loaded through EngineDeps.flows) with these inputs (by input name, as the
   * caller evaluated them), then leave by the node's first port with its outputs, or by its failure port when the
   * call fails. The engine keeps the call on the run's stack (RunState.calls) while the callee runs.
   */
  | { kind: 'call'; flowId: string; inputs: Vars }
  | { kind: 'fail'; error: Omit<EngineError, 'nodeId' | 'nodeName'>; output?: unknown; logs?: string[] }

export interface NodeRunner<C = unknown> {
  run(ctx: RunContext<C>): NodeOutcome | Promise<NodeOutcome>
  /** Waiting nodes only: the customer's answer to this node. */
  resume?(ctx: RunContext<C>, event: InboundEvent, cursor: WaitCursor): NodeOutcome | Promise<NodeOutcome>
  /**
   * Waiting nodes only: whether this inbound event is an answer to the node at all. A button node answers false to
   * text that names none of its buttons, which lets a keyword start another flow (docs/engine.md, "Paused runs").
   */
  accepts?(event: InboundEvent, cursor: WaitCursor): boolean
  /**
   * Hand over only: the person (or the node's time) gave the conversation back while the run waited here, with the
   * variables the person set. The conversation core decides when (docs/engine.md, rules 14-15).
   */
  handBack?(ctx: RunContext<C>, handback: HandBack, cursor: WaitCursor): NodeOutcome | Promise<NodeOutcome>
}

/** Thrown by runners for an error that the node's failure port may handle. */
export class NodeFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}
