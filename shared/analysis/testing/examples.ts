// Test helper: the example flows of resources/examples, parsed. Examples are JSON, so tests import them directly
// (resolveJsonModule) and stay free of node:fs, like the rest of shared/.
import ageGate from '../../../resources/examples/age-gate.flow.json'
import appointment from '../../../resources/examples/appointment.flow.json'
import catalogue from '../../../resources/examples/catalogue.flow.json'
import deliveryCheck from '../../../resources/examples/delivery-check.flow.json'
import feedbackForm from '../../../resources/examples/feedback-form.flow.json'
import leadCapture from '../../../resources/examples/lead-capture.flow.json'
import orderStatus from '../../../resources/examples/order-status.flow.json'
import type { FlowDocument } from '../../flow/document'
import { loadFlow } from '../../nodes/load-flow'

export const EXAMPLES: Record<string, unknown> = {
  'order-status': orderStatus,
  'lead-capture': leadCapture,
  appointment,
  'age-gate': ageGate,
  catalogue,
  'feedback-form': feedbackForm,
  'delivery-check': deliveryCheck,
}

/** A fresh, mutable copy of an example document. */
export function example(name: string): FlowDocument {
  const r = loadFlow(structuredClone(EXAMPLES[name]))
  if (!r.ok) throw new Error(`example ${name}: ${r.error.message}`)
  return r.document
}

export const nodeByName = (doc: FlowDocument, name: string) => {
  const n = doc.nodes.find((x) => x.name === name)
  if (!n) throw new Error(`no node ${name}`)
  return n
}
