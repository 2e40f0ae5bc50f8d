import { z } from 'zod'
import { FLOW_ID, FLOW_ID_RULE, identifier } from '../text/identifier'
import { checkNodeName } from './names'
import { FlowSettingsSchema } from './settings'
import { FlowDebugSchema } from './debug'
import { TranslationsSchema } from './translations-schema'

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

/**
 * A node of a document. Its `type` is a name here: the model knows no node type, so that it can be read without the
 * node catalogue. `types` narrows it to the types of a build (shared/nodes/schema.ts, and loadFlowWith with its
 * catalogue), where an unknown type is refused with the same message as any other schema error.
 */
export function flowNodeSchema(types?: readonly string[]) {
  return z.object({
    id: identifier(z.string().min(1), 'A node id').describe(
      'Stable id; edges refer to it. Never changes, unlike the name.',
    ),
    type: types
      ? z.enum(types as [string, ...string[]]).describe(`One of the ${types.length} node types.`)
      : z.string().min(1).describe('The node type, one of those of the build (shared/nodes/modules.ts).'),
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
}

/** Any node of any type name: what the model itself checks. */
export const FlowNodeSchema = flowNodeSchema()

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

/** A name of a flow's input or output: the rules of node names, since the callee reads an input as {{name}}. */
const interfaceName = (what: string) =>
  z
    .string()
    .check((ctx) => {
      const problem = checkNodeName(ctx.value)
      if (problem) ctx.issues.push({ code: 'custom', message: `${what}: ${problem.message}`, input: ctx.value })
    })
    .describe(`${what}: letters, digits and underscore, not starting with a digit, at most 50.`)

export const FlowInputSchema = z.object({
  name: interfaceName('An input name'),
  required: z.boolean().describe('A caller must map it (unless it has a default); a run without it fails.'),
  default: z.unknown().optional().describe('The value the callee gets when the caller maps nothing.'),
  description: z.string().max(500).optional(),
})

export const FlowOutputSchema = z.object({
  name: interfaceName('An output name'),
  description: z.string().max(500).optional(),
})

/**
 * What a flow takes and gives back when another flow calls it (a Call Flow node). A flow with an interface is
 * callable: its inputs are its only variables besides the system ones, and its End nodes return its outputs.
 */
export const FlowInterfaceSchema = z
  .object({
    inputs: z.array(FlowInputSchema).max(100),
    outputs: z.array(FlowOutputSchema).max(100),
  })
  .describe(
    'Makes the flow callable by Call Flow nodes: the inputs it takes (as {{name}}) and the outputs its End nodes return.',
  )

/** The document; with `types`, only nodes of those types (see flowNodeSchema). */
export function flowDocumentSchema(types?: readonly string[]) {
  return z.object({
    format: z.literal(FLOW_FORMAT).describe('Format and version of this document.'),
    id: identifier(z.string().min(1), 'A flow id')
      .regex(FLOW_ID, FLOW_ID_RULE)
      .describe('Flow id, used in the webhook path /chatbot-webhook/{id}/trigger.'),
    name: identifier(z.string().min(1).max(120), 'A flow name').describe('Flow name shown in the flows list.'),
    active: z.boolean().describe('A flow must be active for keyword triggers to start it.'),
    nodes: z.array(flowNodeSchema(types)),
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
    /** Present on a callable flow (docs/engine.md, "Calls"). Optional: most flows are not called. */
    interface: FlowInterfaceSchema.optional(),
    /** Every language's texts but the default's, keyed by language, node id and config pointer (./translations.ts). */
    translations: TranslationsSchema.optional(),
    /** Only in a file exported with breakpoints (shared/flow/debug.ts); never in a stored document. */
    debug: FlowDebugSchema.optional(),
  })
}

/** A document with nodes of any type name: what the model itself checks (shared/nodes/schema.ts adds the types). */
export const FlowDocumentSchema = flowDocumentSchema()

export type Position = z.infer<typeof PositionSchema>
export type FlowNode = z.infer<typeof FlowNodeSchema>
export type FlowEdge = z.infer<typeof FlowEdgeSchema>
export type FlowDocument = z.infer<typeof FlowDocumentSchema>
export type Intentional = z.infer<typeof IntentionalSchema>
export type FlowInput = z.infer<typeof FlowInputSchema>
export type FlowOutput = z.infer<typeof FlowOutputSchema>
export type FlowInterface = z.infer<typeof FlowInterfaceSchema>
export type { Translation, Translations } from './translations-schema'

/** A flow that declares an interface can be called by another flow's Call Flow node. */
export function isCallable(doc: Pick<FlowDocument, 'interface'>): doc is Pick<FlowDocument, 'interface'> & {
  interface: FlowInterface
} {
  return doc.interface !== undefined
}
