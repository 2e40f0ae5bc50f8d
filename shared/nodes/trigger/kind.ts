// Which kind of start a Trigger node waits for, read the way the engine reads it (the schema's `kind`, 'keyword'
// when left out), so every host that asks "does this flow have a webhook trigger?" gets the same answer.
import type { FlowNode } from '../../flow/document'
import { TriggerConfigSchema, type TriggerConfig } from './definition'

export type TriggerKind = TriggerConfig['kind']

/** The node's trigger kind; null for a node of another type or a kind that is not one. */
export function triggerKindOf(node: Pick<FlowNode, 'type' | 'config'>): TriggerKind | null {
  if (node.type !== 'trigger') return null
  const kind = TriggerConfigSchema.shape.kind.safeParse(node.config.kind)
  return kind.success ? kind.data : null
}

/** The flow's webhook trigger (the node `/chatbot-webhook/<flow>/trigger` starts), if it has one. */
export function webhookTriggerOf<N extends Pick<FlowNode, 'type' | 'config'>>(flow: { nodes: N[] }): N | undefined {
  return flow.nodes.find((n) => triggerKindOf(n) === 'webhook')
}
