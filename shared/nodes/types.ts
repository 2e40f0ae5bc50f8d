import type { z } from 'zod'
import type { NodeRunner } from '../engine/runner'
import type { ConfigMigration } from '../flow/node-versions'

export type { ConfigMigration }

// The contract every node type fulfils. The engine, the canvas (cards, panels), the Expression Builder, the
// reference index, validation and the generated docs all read a type's module (shared/nodes/<type>/index.ts), so a
// node type is described once, there.

export type PortKind = 'success' | 'failure' | 'true' | 'false' | 'else' | 'default'

export interface Port {
  id: string
  label: string
  kind?: PortKind
}

export type VariableType = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'unknown'

export interface VariableSpec {
  /** Dotted path as written inside {{ }}: 'http_call_1.status', 'lead_email', 'button_id'. */
  path: string
  description: string
  type: VariableType
  /** The form of a string value, when it has one: 'date, YYYY-MM-DD', 'phone, E.164'. */
  format?: string
}

/** A config field that takes {{ }} templates. `pointer` is a JSON pointer into the node's config. */
export interface TextField {
  pointer: string
  label: string
  value: string
  /** The node's own output is readable here (a Question's retry quotes the answer it refused). */
  readsOwnOutput?: boolean
}

/** A 'note' is a warning the flow's author marked as intended (the document's `intentional` list, shared/flow/intentional.ts):
 *  shown, never counted as a problem. */
export type Severity = 'error' | 'warning' | 'note'

export interface Problem {
  severity: Severity
  /** Stable machine code, e.g. 'name.duplicate', 'limit.button_title'. */
  code: string
  /** A sentence a person understands. */
  message: string
  nodeId?: string
  /** JSON pointer into the node's config ('/buttons/0/title'), when the problem is about one field. */
  field?: string
  /** JSON pointer into the whole document ('/nodes/3/config/buttons/0/title'). */
  pointer: string
  /** On a note: why the author keeps this warning (the marker's `why`). */
  why?: string
}

export interface ValidateContext {
  nodeId: string
  nodeName: string
  /** Pointer of this node's config in the document, e.g. '/nodes/3/config'. Problems extend it with their field. */
  configPointer: string
}

export type NodeCategory = 'trigger' | 'message' | 'input' | 'logic' | 'integration' | 'commerce' | 'end'

/** The config half of a node type: what the canvas, validation and the reference index read. */
export interface NodeDefinition<C = unknown> {
  label: string
  description: string
  category: NodeCategory
  configSchema: z.ZodType<C>
  defaults(): C
  /** Output ports: [] for End; a single {id:'out'} for linear nodes. Edge.sourcePort refers to Port.id. */
  ports(config: C): Port[]
  /** True when the node pauses the run for the customer (Question, buttons/list, Chat Flow). */
  waits(config: C): boolean
  /** What the node saves into the session, for autocomplete, the Response tree and validation. */
  variables(config: C, nodeName: string): VariableSpec[]
  /** Every field that takes {{ }}; the reference index and rename walk exactly these. */
  textFields(config: C): TextField[]
  /** Config rules and channel limits of this node alone (graph rules live in shared/flow/validate.ts). */
  validate(config: C, ctx: ValidateContext): Problem[]
  /** One line for the canvas card. */
  summary(config: C): string
}

/**
 * A kind of message the channel carries: the message's `type`, and for interactive messages its subtype
 * ('interactive.button'). Declared per node type (`sends`) for the docs and checked against what runners send.
 */
export type MessageKind =
  | 'text'
  | 'template'
  | 'image'
  | 'video'
  | 'audio'
  | 'document'
  | 'sticker'
  | 'interactive.button'
  | 'interactive.list'
  | 'interactive.product'
  | 'interactive.product_list'
  | 'interactive.flow'
  | 'interactive.cta_url'

/** Everything about one node type: its definition, its runner, its name prefix and what it sends. */
export interface NodeModule<T extends string = string, C = unknown> extends NodeDefinition<C> {
  type: T
  /**
   * The version of this type's config shape, starting at 1. A document records it per node (`typeVersion`); raise
   * it, with a migration from the old version, whenever a stored config of the old shape would mean something else
   * or no longer parse (shared/flow/node-versions.ts, docs/architecture.md).
   */
  version: number
  /** One step per older version, in order: `from` 1, 2, … up to `version - 1`. */
  migrations: readonly ConfigMigration[]
  /** New nodes are named <prefix><n> ('interactive_spm_1'). */
  namePrefix: string
  runner: NodeRunner<C>
  /** Message kinds the runner may send; [] for nodes that send nothing. */
  sends: readonly MessageKind[]
}
