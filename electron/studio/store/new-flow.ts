import { FLOW_FORMAT, type FlowDocument } from '../../../shared/flow/document'

// The Trigger config of a brand-new flow: a keyword trigger with no keywords yet, which the validator flags so the
// author knows what to fill in. Kept in step with shared/nodes/trigger/definition.ts defaults().
const NEW_TRIGGER_CONFIG = { kind: 'keyword', keywords: [], matchMode: 'exact' }

export function newFlowDocument(id: string, name: string, nodeId: string): FlowDocument {
  return {
    format: FLOW_FORMAT,
    id,
    name,
    active: false,
    nodes: [{ id: nodeId, type: 'trigger', name: 'trigger_1', position: { x: 0, y: 0 }, config: NEW_TRIGGER_CONFIG }],
    edges: [],
    samples: {},
    webhookSecretRef: null,
  }
}

/** "Untitled flow", then "Untitled flow 2", 3… skipping names already taken (case-insensitively). */
export function nextUntitledName(taken: string[]): string {
  const used = new Set(taken.map((n) => n.toLocaleLowerCase()))
  if (!used.has('untitled flow')) return 'Untitled flow'
  for (let n = 2; ; n++) if (!used.has(`untitled flow ${n}`)) return `Untitled flow ${n}`
}

export function copyName(name: string): string {
  const suffix = ' (copy)'
  return name.slice(0, 120 - suffix.length) + suffix
}
