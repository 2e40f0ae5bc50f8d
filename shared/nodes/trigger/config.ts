// The Trigger's settings for code that starts runs or shows how a flow starts (the engine's matching, validation,
// the emulator's start panel, the webhook's curl example): they read the Trigger's own config through here. Which
// nodes start a flow is declared on the module (`starts`, shared/nodes/behaviour.ts: startsFlow).
import type { FlowNode } from '../../flow/document'
import { configOf } from '../registry'
import type { TriggerConfig } from './definition'

/** The node's Trigger settings, defaults filled; null for another node or a config that does not parse. */
export function triggerConfigOf(node: Pick<FlowNode, 'type' | 'config'>): TriggerConfig | null {
  return configOf(node, 'trigger')
}
