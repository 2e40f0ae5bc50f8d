// Every node type's module, keyed by type, derived from the one list in modules.ts. registry.test.ts checks each
// module at run time (defaults parse, ports, text fields).
import type { z } from 'zod'
import type { FlowNode } from '../flow/document'
import type { NodeType } from './node-types'
import { NODE_MODULES } from './modules'
import type { NodeModule } from './types'

// Modules are generic in their config; the registry erases it, and callers parse config with configSchema first.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyNodeModule = NodeModule<NodeType, any>

export const NODE_DEFINITIONS = Object.fromEntries(NODE_MODULES.map((m) => [m.type, m])) as Record<
  NodeType,
  AnyNodeModule
>

export function definitionOf(type: NodeType): AnyNodeModule {
  return NODE_DEFINITIONS[type]
}

/** The config of a node type as its module parses it: ConfigOf<'http_call'> is HttpCallConfig. */
export type ConfigOf<T extends NodeType> =
  Extract<(typeof NODE_MODULES)[number], { type: T }> extends NodeModule<T, infer C> ? C : never

/**
 * A node's config typed by its type, defaults filled in; null for a node of another type or a config that does not
 * parse (validation reports that one). Code that reads one node type's settings goes through here, not a cast.
 */
export function configOf<T extends NodeType>(node: Pick<FlowNode, 'type' | 'config'>, type: T): ConfigOf<T> | null {
  if (node.type !== type) return null
  const parsed = parseConfig(type, node.config)
  return parsed.success ? parsed.data : null
}

/**
 * Parses a node's config with its type's schema. The document keeps config as an open object, so every reader that
 * needs a typed config goes through here; `ok: false` carries zod's issues for validation to report.
 */
export function parseConfig<T extends NodeType>(type: T, config: unknown): z.ZodSafeParseResult<ConfigOf<T>> {
  if (!parseScope || config === null || typeof config !== 'object')
    return NODE_DEFINITIONS[type].configSchema.safeParse(config)
  const hit = parseScope.get(config)
  if (hit?.type === type) return hit.result as z.ZodSafeParseResult<ConfigOf<T>>
  const result = NODE_DEFINITIONS[type].configSchema.safeParse(config)
  parseScope.set(config, { type, result })
  return result
}

type ParseResult = z.ZodSafeParseResult<unknown>
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
