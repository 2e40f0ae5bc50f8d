import { z } from 'zod'
import { FLOW_ID, FLOW_ID_RULE, identifier } from '../text/identifier'
import { NODE_TYPES } from './node-types'
import { FlowSettingsSchema } from './settings'

// The flow document: the export format and the one shape every part of the studio reads.
// Per-type `config` schemas live in each node type's module (shared/nodes/<type>/); here config is an open object
// so that a document can be parsed before its nodes are checked one by one (validation reports per node).
// Reading files goes through parseFlow (shared/nodes/load-flow.ts), which migrates older formats, then older node
// versions (shared/flow/node-versions.ts), first.
export const FLOW_FORMAT_NAME = 'chatflow.flow'
export const FLOW_FORMAT_VERSION = 1
export const FLOW_FORMAT = 'chatflow.flow/1'

export const PositionSchema = z
  .object({ x: z.number(), y: z.number() })
  .describe('Top-left corner of the node on the canvas, in canvas units.')

export const FlowNodeSchema = z.object({
  id: identifier(z.string().min(1), 'A node id').describe(
    'Stable id; edges refer to it. Never changes, unlike the name.',
  ),
  type: z.enum(NODE_TYPES).describe(`One of the ${NODE_TYPES.length} node types.`),
  typeVersion: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe(
      "Version of the node type's config shape this node was written with. Absent in documents written before node versions: read as 1. Older versions are migrated when the document is read.",
    ),
  name: z
    .string()
    .describe(
      'Node name: letters, digits and underscore, not starting with a digit, at most 50, unique. Expressions read the node output as {{name.field}}.',
    ),
  position: PositionSchema,
  config: z
    .record(z.string(), z.unknown())
    .describe("The node type's settings; see docs/flow-format.md for each type."),
})

export const FlowEdgeSchema = z.object({
  id: identifier(z.string().min(1), 'An edge id'),
  source: z.string().min(1).describe('Id of the node the edge leaves.'),
  /** Output port id of the source node: 'out', 'true'/'false', 'success'/'failure', a button/row/route id, 'else'. */
  sourcePort: z
    .string()
    .min(1)
    .describe(
      "Output port of the source node: 'out', 'true'/'false', 'success'/'failure', a button, row or route id, or 'else'.",
    ),
  target: z.string().min(1).describe('Id of the node the edge enters.'),
})

/** A warning the flow keeps on purpose (an example that shows path analysis): drawn as a note, not a warning. */
export const IntentionalSchema = z.object({
  code: z.string().min(1).describe("The warning's code, e.g. 'branch.unreachable'."),
  nodeId: z.string().min(1).describe('Id of the node the warning is about.'),
  why: z.string().min(1).max(500).describe('Why the flow keeps this warning, shown with it.'),
})

export const FlowDocumentSchema = z.object({
  format: z.literal(FLOW_FORMAT).describe('Format and version of this document.'),
  id: identifier(z.string().min(1), 'A flow id')
    .regex(FLOW_ID, FLOW_ID_RULE)
    .describe('Flow id, used in the webhook path /chatbot-webhook/{id}/trigger.'),
  name: identifier(z.string().min(1).max(120), 'A flow name').describe('Flow name shown in the flows list.'),
  active: z.boolean().describe('A flow must be active for keyword triggers to start it.'),
  nodes: z.array(FlowNodeSchema),
  edges: z.array(FlowEdgeSchema),
  /** Sample JSON responses per node name, for the Expression Builder's Response tab and path checks. */
  samples: z
    .record(z.string(), z.unknown())
    .default({})
    .describe("Sample JSON per node name (e.g. an HTTP Call's response), for the Response tab and path checks."),
  /** Reference to the flow's webhook secret in the studio store; the secret itself is never in the document. */
  webhookSecretRef: z
    .string()
    .nullable()
    .default(null)
    .describe('Reference to the webhook secret in the studio store; the secret itself is never in the document.'),
  /** Optional so documents stored before settings existed stay valid; read them through flowSettings(doc). */
  settings: FlowSettingsSchema.optional(),
  /** Warnings kept on purpose, each drawn as a note (shared/flow/intentional.ts). Optional: most flows have none. */
  intentional: z
    .array(IntentionalSchema)
    .max(200)
    .optional()
    .describe('Warnings the flow keeps on purpose: each is shown as a note, not counted as a problem.'),
})

export type Position = z.infer<typeof PositionSchema>
export type FlowNode = z.infer<typeof FlowNodeSchema>
export type FlowEdge = z.infer<typeof FlowEdgeSchema>
export type FlowDocument = z.infer<typeof FlowDocumentSchema>
export type Intentional = z.infer<typeof IntentionalSchema>
