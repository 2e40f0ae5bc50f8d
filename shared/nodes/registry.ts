// Every node type's module, keyed by type, derived from the one list in modules.ts. registry.test.ts checks each
// module at run time (defaults parse, ports, text fields).
import type { NodeType } from '../flow/node-types'
import { NODE_MODULES } from './modules'
import type { NodeModule } from './types'

// Modules are generic in their config; the registry erases it, and callers parse config with configSchema first.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyNodeModule = NodeModule<NodeType, any>

export const NODE_DEFINITIONS = Object.fromEntries(NODE_MODULES.map((m) => [m.type, m])) as Record<NodeType, AnyNodeModule>

export function definitionOf(type: NodeType): AnyNodeModule {
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

type ParseResult = ReturnType<AnyNodeModule['configSchema']['safeParse']>
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
