// Test helper for node definitions: parse a partial config with the type's schema (defaults filled) and run its rules.
import type { NodeType } from '../../nodes/node-types'
import { NODE_DEFINITIONS } from '../../nodes/registry'

export function configOf(type: NodeType, partial: Record<string, unknown>) {
  return NODE_DEFINITIONS[type].configSchema.parse(partial)
}

/** The problems of a config as `code field` strings, in order: compact to compare in fixture tables. */
export function problemsOf(type: NodeType, partial: Record<string, unknown>): string[] {
  const def = NODE_DEFINITIONS[type]
  return def
    .validate(configOf(type, partial), { nodeId: 'n', nodeName: `${type}_1`, configPointer: '' })
    .map((p) => `${p.severity === 'warning' ? 'warn ' : ''}${p.code} ${p.field ?? ''}`.trim())
}

export const portsOf = (type: NodeType, partial: Record<string, unknown>) =>
  NODE_DEFINITIONS[type].ports(configOf(type, partial)).map((p) => p.id)
export const variablesOf = (type: NodeType, partial: Record<string, unknown>, name = `${type}_1`) =>
  NODE_DEFINITIONS[type].variables(configOf(type, partial), name).map((v) => v.path)
export const textPointersOf = (type: NodeType, partial: Record<string, unknown>) =>
  NODE_DEFINITIONS[type].textFields(configOf(type, partial)).map((f) => f.pointer)

/**
 * What a new node of `type` starts with (defaults(), used by the canvas) and what a field left out of a file means
 * (the schema's defaults). They agree except for starter list items: a new node gets one or two so it has ports and
 * a row to fill in (`starter`), while a list left out of a hand-written file is empty (`emptyStarter`) and
 * validation says so.
 */
export function documentedDefaults(
  type: NodeType,
  documented: Record<string, unknown>,
  starter: Record<string, unknown> = {},
  emptyStarter: Record<string, unknown> = {},
) {
  return {
    newNode: NODE_DEFINITIONS[type].defaults(),
    expectedNewNode: { ...documented, ...starter },
    leftOut: NODE_DEFINITIONS[type].configSchema.parse({}),
    expectedLeftOut: { ...documented, ...emptyStarter },
  }
}
