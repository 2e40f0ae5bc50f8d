import { describe, expect, it } from 'vitest'
import { FlowDocumentSchema, type FlowDocument } from '../flow/document'
import { nodeVersionCatalogue } from '../flow/node-versions'
import { loadFlowWith } from '../flow/serialise'
import { loadFlow } from '../nodes/load-flow'
import { KnownFlowDocumentSchema } from '../nodes/schema'
import { buildReferenceIndex } from './references'
import { allFlowVariables } from './variables'
import { validateFlow } from './validate'
import { example } from './testing/examples'

// The flow model keeps a node's `type` as a name; which names exist is the catalogue's, checked where a document
// enters (the loader, with the catalogue it is given; the build's schema for requests) and by validation.

const withType = (doc: FlowDocument, index: number, type: string): FlowDocument => ({
  ...doc,
  nodes: doc.nodes.map((n, i) => (i === index ? { ...n, type } : n)),
})

describe('node type names', () => {
  const doc = example('lead-capture')
  const odd = withType(doc, 1, 'teleport')

  it('are any name to the model, and only the known ones to the build', () => {
    expect(FlowDocumentSchema.safeParse(odd).success).toBe(true)
    expect(KnownFlowDocumentSchema.safeParse(doc).success).toBe(true)
    const r = KnownFlowDocumentSchema.safeParse(odd)
    expect(r.success).toBe(false)
    expect(r.error?.issues[0]?.path).toEqual(['nodes', 1, 'type'])
  })

  it('are refused by the loader unless its catalogue knows them', () => {
    const loaded = loadFlow(odd)
    expect(loaded.ok).toBe(false)
    if (!loaded.ok) {
      expect(loaded.error.code).toBe('document.invalid')
      expect(loaded.error.pointer).toBe('/nodes/1/type')
      expect(loaded.error.message).toMatch(/^Not a valid flow document: \/nodes\/1\/type: .*"trigger"/)
    }
    // The catalogue is an argument: one that knows only 'teleport' refuses the build's own types instead.
    const only = nodeVersionCatalogue([{ type: 'teleport', label: 'Teleport', version: 1, migrations: [] }])
    const other = loadFlowWith({ ...odd, nodes: odd.nodes.slice(1, 2) }, only)
    expect(other.ok).toBe(true)
    const refused = loadFlowWith(doc, only)
    expect(refused.ok ? null : refused.error.pointer).toBe('/nodes/0/type')
  })

  it('are checked by validation, and analysis reads past an unknown one', () => {
    const problems = validateFlow(odd)
    const unknown = problems.filter((p) => p.code === 'node.type_unknown')
    expect(unknown).toEqual([
      {
        severity: 'error',
        code: 'node.type_unknown',
        message: `'${odd.nodes[1]!.name}' is of type 'teleport', which this version does not know.`,
        nodeId: odd.nodes[1]!.id,
        pointer: '/nodes/1/type',
      },
    ])
    expect(validateFlow(doc).some((p) => p.code === 'node.type_unknown')).toBe(false)
    expect(() => buildReferenceIndex(odd)).not.toThrow()
    expect(() => allFlowVariables(odd)).not.toThrow()
  })
})
