import { describe, expect, it } from 'vitest'
import { NODE_TYPES } from '../../shared/nodes/node-types'
import { NODE_DEFINITIONS } from '../../shared/nodes/registry'
import { jsonSchemaOf, unwrapNullable, type JsonSchema } from '../panels/schema'
import { NODE_UIS, nodeUi } from './registry'

// Contract: every node type has its renderer part, and every field its panel names (to label, hide or widen)
// exists in the type's config schema, so a renamed model field cannot leave a panel hint pointing at nothing.

function resolves(schema: JsonSchema, pointer: string): boolean {
  let cur: JsonSchema | undefined = schema
  for (const seg of pointer.split('/').slice(1)) {
    if (!cur) return false
    const s: JsonSchema = unwrapNullable(cur).schema
    cur = seg === '*' || /^\d+$/.test(seg) ? s.items : s.properties?.[seg]
  }
  return cur !== undefined
}

describe('renderer node registry', () => {
  it('has one renderer module per node type', () => {
    expect(NODE_UIS.map((ui) => ui.type).sort()).toEqual([...NODE_TYPES].sort())
    for (const t of NODE_TYPES) expect(nodeUi[t].type).toBe(t)
  })

  it.each(NODE_TYPES)('%s has an icon and panel hints that name real config fields', (type) => {
    const ui = nodeUi[type]
    expect(ui.icon).toBeTruthy()
    const schema = jsonSchemaOf(NODE_DEFINITIONS[type].configSchema)
    const config = NODE_DEFINITIONS[type].defaults() as Record<string, unknown>
    const pointers = [
      ...Object.keys(ui.panel.labels ?? {}),
      ...(ui.panel.multiline ?? []),
      ...Object.keys(ui.panel.newId ?? {}),
      ...(ui.panel.hidden?.(config) ?? []),
    ]
    for (const p of pointers) expect(resolves(schema, p), `${type}: ${p}`).toBe(true)
  })

  it('icons are unique, so two types never look alike on the canvas', () => {
    const icons = NODE_TYPES.map((t) => nodeUi[t].icon)
    expect(new Set(icons).size).toBe(icons.length)
  })

  it('hides fields by mode: list fields in buttons mode, the right value of an is-empty rule', () => {
    const im = NODE_DEFINITIONS.interactive_message.defaults() as Record<string, unknown>
    expect(nodeUi.interactive_message.panel.hidden!(im)).toContain('/list')
    expect(nodeUi.interactive_message.panel.hidden!({ ...im, mode: 'list' })).toContain('/buttons')
    const rules = [
      { left: '{{a}}', operator: 'is_empty' },
      { left: '{{b}}', operator: 'equals', right: 'x' },
    ]
    expect(nodeUi.condition.panel.hidden!({ join: 'and', rules })).toEqual(['/rules/0/right'])
  })
})
