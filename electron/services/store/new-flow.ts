import { FLOW_FORMAT, type FlowDocument } from '../../../shared/flow/document'
import { machineSettings } from '../../../shared/flow/settings'
import { currentTypeVersion } from '../../../shared/nodes/load-flow'
import { triggerDefinition } from '../../../shared/nodes/trigger/definition'

/**
 * A new flow: inactive, one Trigger node named trigger_1 with the trigger's own defaults (a keyword trigger), and the
 * settings of this machine (its locale and time zone), which the flow settings panel shows and changes.
 */
export function newFlowDocument(id: string, name: string, nodeId: string): FlowDocument {
  return {
    format: FLOW_FORMAT,
    id,
    name,
    active: false,
    nodes: [
      {
        id: nodeId,
        type: 'trigger',
        typeVersion: currentTypeVersion('trigger'),
        name: 'trigger_1',
        position: { x: 0, y: 0 },
        config: triggerDefinition.defaults(),
      },
    ],
    edges: [],
    samples: {},
    webhookSecretRef: null,
    settings: machineSettings(),
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
