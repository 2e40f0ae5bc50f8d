// The bundle a studio exports and imports (docs/flow-format.md, "Bundle"; docs/bundle.schema.json is generated from
// this schema). Flow documents are checked by shared/flow's own loader, not here, so older flow formats still
// migrate on import; this schema only fixes the envelope.
import { z } from 'zod'
import { CatalogProductSchema } from '../../../shared/nodes/spm/run-catalog'
import { MessageTemplateSchema } from '../../../shared/nodes/template_message/run-template'

export const BUNDLE_FORMAT = 'chatflow.bundle/1'

export const BundleTestSchema = z.object({
  name: z.string().min(1).describe('Test name, unique within its flow.'),
  yaml: z.string().min(1).describe('The conversation test in the `chatflow test` YAML format (docs/testing.md).'),
})

export const BundleFlowSchema = z.object({
  document: z
    .unknown()
    .describe('A flow document (docs/flow-format.md); older flow formats and node versions are migrated on import.'),
  tests: z.array(BundleTestSchema).default([]).describe('Conversation tests saved for this flow in the emulator.'),
  webhookSecret: z
    .string()
    .min(1)
    .optional()
    .describe(
      "The SHA-256 digest of the flow's webhook secret (`sha256:<hex>`; a bundle of an older studio: the secret " +
        'itself). Present only when the user asked to include secrets at export.',
    ),
})

export const BundleSchema = z.object({
  format: z.literal(BUNDLE_FORMAT).describe('Format and version of the bundle.'),
  flows: z
    .array(BundleFlowSchema)
    .describe('The exported flows, ordered by id. Sample responses live in each document.'),
  dependencies: z
    .array(z.unknown())
    .default([])
    .describe(
      'Flow documents the exported flows call (Call Flow nodes), transitively, each once, ordered by id; a flow ' +
        'already in `flows` is not repeated. Import resolves calls by flow id.',
    ),
  templates: z
    .array(MessageTemplateSchema)
    .default([])
    .describe("Message templates the flows' Template Message nodes use."),
  catalog: z
    .array(CatalogProductSchema)
    .default([])
    .describe(
      "Catalogue products the flows' Single and Multi Product Message nodes name, by catalogue and product id.",
    ),
})

export type BundleTest = z.infer<typeof BundleTestSchema>
export type Bundle = z.infer<typeof BundleSchema>

/** The JSON Schema of the bundle envelope, written to docs/bundle.schema.json. */
export function bundleJsonSchema(): Record<string, unknown> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://chatflow.studio/schemas/bundle-1.json',
    title: 'Chatflow Studio bundle (chatflow.bundle/1)',
    ...(z.toJSONSchema(BundleSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>),
  }
}
