import type { z } from 'zod'
import type { NodeRunner } from '../engine/runner'
import type { ConfigMigration } from '../flow/node-versions'
import type { CustomerText, Port, TextField, VariableSpec } from '../flow/node-facts'
import type { Problem, ValidateContext } from '../flow/problem'
import type { NodeBehaviour } from './behaviour'

export type { ConfigMigration }
export type * from './behaviour'

// The contract every node type fulfils. The engine, the canvas (cards, panels), the Expression Builder, the
// reference index, validation and the generated docs all read a type's module (shared/nodes/<type>/index.ts), so a
// node type is described once, there.

export type {
  CustomerText,
  CustomerTextKind,
  Port,
  PortKind,
  TextField,
  VariableSpec,
  VariableType,
} from '../flow/node-facts'
export type { Problem, Severity, ValidateContext } from '../flow/problem'

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
  /**
   * Nodes that can pause the run on time (a Wait node, "no reply within"): the longest they can hold it before it
   * goes on, in ms (Infinity when run-time values decide), and the port time leaves by. Absent or null: never waits
   * on time. Path analysis (the 24-hour window), the loop check and the generator read it; the engine does not.
   */
  timeWait?(config: C): { maxMs: number; port: string } | null
  /** What the node saves into the session, for autocomplete, the Response tree and validation. */
  variables(config: C, nodeName: string): VariableSpec[]
  /** Every field that takes {{ }}; the reference index and rename walk exactly these. */
  textFields(config: C): TextField[]
  /**
   * Every config text the customer reads, with the channel's limit: the texts that have a value per language
   * (docs/languages.md). [] when the node sends nothing a person wrote in the flow (a Template Message sends the
   * template's own language version). Pointers are JSON pointers into the config, as textFields'.
   */
  customerTexts(config: C): CustomerText[]
  /** Config rules and channel limits of this node alone (graph rules live in shared/analysis/validate.ts). */
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

/**
 * Everything about one node type: its definition, its runner, its name prefix, what it sends, and what it declares
 * to every analysis (NodeBehaviour, ./behaviour.ts: what a customer can send at it, what its ports decide, its
 * effects, whether it starts the flow).
 */
export interface NodeModule<T extends string = string, C = unknown> extends NodeDefinition<C>, NodeBehaviour<C> {
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
