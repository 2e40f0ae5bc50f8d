// `chatflow run` at a Chat Flow form: a terminal cannot show the form, so the person types its answers as one JSON
// object, which goes to the run as the form's submission (the channel's nfm_reply, parsed response_json).
import type { InboundEvent, OutboundMessage } from '../../../shared/engine'
import type { FlowDocument } from '../../../shared/flow/document'
import { bound } from '../../../shared/nodes/behaviour-of'

export function isForm(m: OutboundMessage | null): boolean {
  return m?.type === 'interactive' && m.interactive.type === 'flow'
}

/** How to answer the form waiting at `nodeId`, naming its fields, as the node's module says (NodeAnswers.typingHint). */
export function formHint(flow: FlowDocument, nodeId: string | undefined): string {
  const node = flow.nodes.find((n) => n.id === nodeId)
  const hint = node && bound(node, (b) => b.answers?.typingHint)
  return hint ? hint.decl(hint.config) : '(a form: type its answers as one JSON object, e.g. {"field": "value"})'
}

/** The submission a typed line stands for, a message saying why it is not one, or null when it is not JSON at all. */
export function formAnswer(line: string): InboundEvent | string | null {
  if (!line.startsWith('{')) return null
  try {
    const value = JSON.parse(line) as unknown
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return { type: 'nfm_reply', response: value as Record<string, unknown> }
  } catch {
    // reported below
  }
  return '(the form answer must be one JSON object on one line, e.g. {"rating": "5"})'
}
