import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { FLOW_FORMAT, type FlowDocument } from '../flow/document'
import { NODE_TYPES } from '../nodes/node-types'
import { NODE_DEFINITIONS } from '../nodes/registry'
import { validateFlow } from './validate'

// Whatever a user or an import puts in a document, validation answers with problems and never throws.
const text = fc.oneof(
  fc.string(),
  fc.constantFrom('{{a}}', '{{ {{x.y}} + 1 }}', '{{', '}}', '{{n0.status}}', '{{if({{n1.z}}, 1, 2)}}'),
)
const config = fc.oneof(
  fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 4 }),
  fc.constantFrom(...NODE_TYPES).map((t) => NODE_DEFINITIONS[t].defaults() as Record<string, unknown>),
  fc.record({ text, body: text, url: text, prompt: text, saveTo: fc.constantFrom('a', 'n0', '1x', '') }),
)
const docArb = fc.integer({ min: 0, max: 8 }).chain((n) =>
  fc.record({
    nodes: fc.tuple(
      ...Array.from({ length: n }, (_, i) =>
        fc.record({
          id: fc.constant(`id${i}`),
          type: fc.constantFrom(...NODE_TYPES),
          name: fc.constantFrom(`n${i}`, 'n0', 'customer_name', '1x', ''),
          position: fc.constant({ x: 0, y: 0 }),
          config,
        }),
      ),
    ),
    edges: fc.array(
      fc.record({
        id: fc.string({ minLength: 1 }),
        source: fc.constantFrom(...Array.from({ length: n + 1 }, (_, i) => `id${i}`)),
        sourcePort: fc.constantFrom('out', 'true', 'false', 'success', 'failure', 'else', 'yes', 'x'),
        target: fc.constantFrom(...Array.from({ length: n + 1 }, (_, i) => `id${i}`)),
      }),
      { maxLength: 12 },
    ),
    samples: fc.dictionary(fc.constantFrom('n0', 'n1', 'n2'), fc.jsonValue(), { maxKeys: 2 }),
    webhookSecretRef: fc.option(fc.constant('ref'), { nil: null }),
  }),
)

describe('validateFlow on arbitrary documents', () => {
  it('never throws, and every problem points into the document with a sentence', () => {
    fc.assert(
      fc.property(docArb, (parts) => {
        const doc: FlowDocument = {
          format: FLOW_FORMAT,
          id: 'f',
          name: 'F',
          active: true,
          ...parts,
          nodes: [...parts.nodes],
        }
        for (const p of validateFlow(doc)) {
          expect(p.pointer).toMatch(/^\//)
          expect(p.message.length).toBeGreaterThan(10)
          expect(['error', 'warning']).toContain(p.severity)
        }
      }),
      { numRuns: 400 },
    )
  })
})
