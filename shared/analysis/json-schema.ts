import { z } from 'zod'
import { NODE_DEFINITIONS } from '../nodes/registry'
import { NODE_TYPES } from '../nodes/node-types'
import { FlowDocumentSchema, FlowNodeSchema } from '../flow/document'

// The published JSON Schema of the flow format (docs/flow-format.schema.json): the document schema with each node's
// config described by its type's definition. Generated from the zod schemas, never edited by hand.

export function flowJsonSchema(): Record<string, unknown> {
  const nodeVariants = NODE_TYPES.map((t) =>
    FlowNodeSchema.extend({
      type: z.literal(t),
      config: (NODE_DEFINITIONS[t].configSchema as z.ZodType).describe(
        `${NODE_DEFINITIONS[t].label}: ${NODE_DEFINITIONS[t].description}`,
      ),
    }),
  )
  const nodes = z.array(
    z.discriminatedUnion('type', nodeVariants as unknown as [(typeof nodeVariants)[number], ...typeof nodeVariants]),
  )
  const doc = FlowDocumentSchema.extend({ nodes }).meta({
    title: 'Chatflow Studio flow document',
    description:
      'A chatbot flow: nodes on a canvas, edges between their output ports, sample responses and the webhook secret reference.',
  })
  // io 'input': fields with defaults may be left out of a file; readers fill them in.
  const schema = z.toJSONSchema(doc, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>
  return { ...schema, $id: 'https://chatflow.studio/schema/flow-format-1.json' }
}

export function flowJsonSchemaText(): string {
  return JSON.stringify(flowJsonSchema(), null, 2) + '\n'
}
