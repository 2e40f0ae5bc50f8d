import { z } from 'zod'
import { NODE_TYPES } from './node-types'

// The flow document: the export format and the one shape every part of the studio reads.
// Per-type `config` schemas live in shared/nodes/<type>/definition.ts; here config is an open object
// so that a document can be parsed before its nodes are checked one by one (validation reports per node).
export const FLOW_FORMAT = 'chatflow.flow/1'

export const PositionSchema = z.object({ x: z.number(), y: z.number() })

export const FlowNodeSchema = z.object({
  id: z.string().min(1),
  type: z.enum(NODE_TYPES),
  name: z.string(),
  position: PositionSchema,
  config: z.record(z.string(), z.unknown()),
})

export const FlowEdgeSchema = z.object({
  id: z.string().min(1),
  source: z.string().min(1),
  /** Output port id of the source node: 'out', 'true'/'false', 'success'/'failure', a button/row/route id, 'else'. */
  sourcePort: z.string().min(1),
  target: z.string().min(1),
})

export const FlowDocumentSchema = z.object({
  format: z.literal(FLOW_FORMAT),
  id: z.string().min(1),
  name: z.string().min(1).max(120),
  active: z.boolean(),
  nodes: z.array(FlowNodeSchema),
  edges: z.array(FlowEdgeSchema),
  /** Sample JSON responses per node name, for the Expression Builder's Response tab and path checks. */
  samples: z.record(z.string(), z.unknown()).default({}),
  /** Reference to the flow's webhook secret in the studio store; the secret itself is never in the document. */
  webhookSecretRef: z.string().nullable().default(null),
})

export type Position = z.infer<typeof PositionSchema>
export type FlowNode = z.infer<typeof FlowNodeSchema>
export type FlowEdge = z.infer<typeof FlowEdgeSchema>
export type FlowDocument = z.infer<typeof FlowDocumentSchema>
