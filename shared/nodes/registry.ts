// Every node type's definition, keyed by type. Record<NodeType, …> makes a missing type a compile error;
// registry.test.ts also checks each definition at run time (type matches, defaults parse).
import type { NodeType } from '../flow/node-types'
import type { NodeDefinition } from './types'
import { chatFlowDefinition } from './chat_flow/definition'
import { conditionDefinition } from './condition/definition'
import { endDefinition } from './end/definition'
import { httpCallDefinition } from './http_call/definition'
import { interactiveMessageDefinition } from './interactive_message/definition'
import { leadManagementDefinition } from './lead_management/definition'
import { mediaMessageDefinition } from './media_message/definition'
import { messageDefinition } from './message/definition'
import { mpmDefinition } from './mpm/definition'
import { questionDefinition } from './question/definition'
import { routerDefinition } from './router/definition'
import { scriptDefinition } from './script/definition'
import { spmDefinition } from './spm/definition'
import { templateMessageDefinition } from './template_message/definition'
import { triggerDefinition } from './trigger/definition'

// Definitions are generic in their config; the registry erases it, and callers parse config with configSchema first.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDefinition = NodeDefinition<any>

export const NODE_DEFINITIONS: Record<NodeType, AnyDefinition> = {
  trigger: triggerDefinition,
  message: messageDefinition,
  interactive_message: interactiveMessageDefinition,
  question: questionDefinition,
  condition: conditionDefinition,
  router: routerDefinition,
  http_call: httpCallDefinition,
  script: scriptDefinition,
  lead_management: leadManagementDefinition,
  template_message: templateMessageDefinition,
  media_message: mediaMessageDefinition,
  spm: spmDefinition,
  mpm: mpmDefinition,
  chat_flow: chatFlowDefinition,
  end: endDefinition,
}

export function definitionOf(type: NodeType): AnyDefinition {
  return NODE_DEFINITIONS[type]
}

/**
 * Parses a node's config with its type's schema. The document keeps config as an open object, so every reader that
 * needs a typed config goes through here; `ok: false` carries zod's issues for validation to report.
 */
export function parseConfig(type: NodeType, config: unknown) {
  if (!parseScope || config === null || typeof config !== 'object') return NODE_DEFINITIONS[type].configSchema.safeParse(config)
  const hit = parseScope.get(config)
  if (hit?.type === type) return hit.result
  const result = NODE_DEFINITIONS[type].configSchema.safeParse(config)
  parseScope.set(config, { type, result })
  return result
}

type ParseResult = ReturnType<AnyDefinition['configSchema']['safeParse']>
let parseScope: WeakMap<object, { type: NodeType; result: ParseResult }> | null = null

/**
 * Runs `fn` with each node config parsed at most once. One validation asks for a node's config from several rules
 * (ports, variables, text fields, waits); parsing it each time was a third of a large flow's validation. The cache
 * lives only while `fn` runs, synchronously, so a config edited in place afterwards is parsed afresh.
 */
export function withParsedConfigs<T>(fn: () => T): T {
  if (parseScope) return fn()
  parseScope = new WeakMap()
  try {
    return fn()
  } finally {
    parseScope = null
  }
}
