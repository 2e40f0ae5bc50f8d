import { renameNode } from '../../../shared/analysis/rename'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import type { FlowDocument } from '../../../shared/flow/document'

// A flow and an edited copy, as a designer makes them: one text changed, one node renamed (its references follow),
// one deleted and one added where it was connected.

export const base = (): FlowDocument =>
  buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['hi'] } },
      { type: 'question', name: 'ask', config: { prompt: 'Your age?', saveTo: 'age' } },
      { type: 'message', name: 'thanks', config: { text: 'Thanks, you said {{ask.answer}}' } },
      { type: 'message', name: 'bye', config: { text: 'Bye for now' } },
    ],
    [
      ['trigger_1', 'out', 'ask'],
      ['ask', 'out', 'thanks'],
      ['thanks', 'out', 'bye'],
    ],
    { id: 'f', name: 'Age', active: true },
  )

export const byName = (doc: FlowDocument, name: string) => doc.nodes.find((n) => n.name === name)!

/** `base()` edited: bye's text changed, ask renamed to age_q, thanks deleted, hello added after age_q. */
export function edited(before = base()): FlowDocument {
  let doc = structuredClone(before)
  const bye = byName(doc, 'bye')
  bye.config = { ...bye.config, text: 'Goodbye for now, see you' }
  const r = renameNode(doc, byName(doc, 'ask').id, 'age_q')
  if (!r.ok) throw new Error(r.problem.message)
  doc = r.document
  const gone = byName(doc, 'thanks').id
  doc = {
    ...doc,
    nodes: doc.nodes.filter((n) => n.id !== gone),
    edges: doc.edges.filter((e) => e.source !== gone && e.target !== gone),
  }
  const hello = {
    ...structuredClone(byName(before, 'bye')),
    id: 'n_hello',
    name: 'hello',
    position: { x: 300, y: 240 },
  }
  hello.config = { ...hello.config, text: 'Hello {{age_q.answer}}' }
  doc.nodes.push(hello)
  doc.edges.push({ id: 'e_new', source: byName(doc, 'age_q').id, sourcePort: 'out', target: 'n_hello' })
  return doc
}
