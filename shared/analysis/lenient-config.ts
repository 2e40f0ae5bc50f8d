// A node config read as far as it is valid, for the rules that must not pile false errors on a node whose config
// validation already reports (config.invalid): one setting of the wrong type drops that setting back to its
// default, so the node's variables, ports and waiting still count and readers of `{{ask_age}}` are not flagged.
import type { NodeType } from '../nodes/node-types'
import { parseConfig } from '../nodes/registry'

export function parseConfigLeniently(
  type: NodeType,
  config: unknown,
): { success: true; data: unknown } | { success: false } {
  const strict = parseConfig(type, config)
  if (strict.success) return strict
  if (config === null || typeof config !== 'object' || Array.isArray(config)) return { success: false }
  const bad = new Set(strict.error.issues.map((i) => i.path[0]).filter((k): k is string => typeof k === 'string'))
  if (!bad.size) return { success: false }
  const kept = Object.fromEntries(Object.entries(config).filter(([k]) => !bad.has(k)))
  const again = parseConfig(type, kept)
  return again.success ? again : { success: false }
}
