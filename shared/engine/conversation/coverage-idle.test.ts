// A port the node type proves it never takes for its config (an offline Intent's `failed`) is no branch to test
// while nothing is connected to it; connected, it stays a branch (validation warns about the edge).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseFlow } from '../../nodes/load-flow'
import type { FlowDocument } from '../../flow/document'
import { branchCoverage, branchPorts } from './coverage'

function intentFlow(provider: 'offline' | 'model', failedEdge: boolean): FlowDocument {
  const doc = JSON.parse(
    readFileSync(new URL('../../../resources/examples/customer-service.flow.json', import.meta.url), 'utf8'),
  ) as FlowDocument
  const intent = doc.nodes.find((n) => n.type === 'intent')!
  ;(intent.config as { provider: string }).provider = provider
  const other = doc.edges.find((e) => e.source === intent.id && e.sourcePort === 'other')!
  if (failedEdge) doc.edges.push({ ...other, id: 'e_failed', sourcePort: 'failed' })
  const loaded = parseFlow(JSON.stringify(doc))
  if (!loaded.ok) throw new Error(loaded.error.message)
  return loaded.document
}

const portsOfIntent = (doc: FlowDocument) =>
  branchPorts(
    doc,
    doc.nodes.find((n) => n.type === 'intent')!,
  ).map((p) => p.id)

describe('branches of a node with an idle port', () => {
  it('an offline Intent with nothing on failed has no failed branch', () => {
    const doc = intentFlow('offline', false)
    expect(portsOfIntent(doc)).not.toContain('failed')
    expect(portsOfIntent(doc)).toContain('other')
    const intent = doc.nodes.find((n) => n.type === 'intent')!
    const missed = branchCoverage(doc, []).missed.filter((b) => b.nodeId === intent.id)
    expect(missed.map((b) => b.port)).toEqual(portsOfIntent(doc))
  })

  it('a connected failed stays a branch, and a model provider can take it', () => {
    expect(portsOfIntent(intentFlow('offline', true))).toContain('failed')
    expect(portsOfIntent(intentFlow('model', false))).toContain('failed')
  })
})
