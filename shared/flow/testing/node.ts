// Test helper for node definitions: parse a partial config with the type's schema (defaults filled) and run its rules.
import type { NodeType } from '../node-types'
import { NODE_DEFINITIONS } from '../../nodes/registry'

export function configOf(type: NodeType, partial: Record<string, unknown>) {
  return NODE_DEFINITIONS[type].configSchema.parse(partial)
}

/** The problems of a config as `code field` strings, in order: compact to compare in fixture tables. */
export function problemsOf(type: NodeType, partial: Record<string, unknown>): string[] {
  const def = NODE_DEFINITIONS[type]
  return def.validate(configOf(type, partial), { nodeId: 'n', nodeName: `${type}_1`, configPointer: '' }).map((p) => `${p.severity === 'warning' ? 'warn ' : ''}${p.code} ${p.field ?? ''}`.trim())
}

export const portsOf = (type: NodeType, partial: Record<string, unknown>) => NODE_DEFINITIONS[type].ports(configOf(type, partial)).map((p) => p.id)
export const variablesOf = (type: NodeType, partial: Record<string, unknown>, name = `${type}_1`) =>
  NODE_DEFINITIONS[type].variables(configOf(type, partial), name).map((v) => v.path)
export const textPointersOf = (type: NodeType, partial: Record<string, unknown>) => NODE_DEFINITIONS[type].textFields(configOf(type, partial)).map((f) => f.pointer)
