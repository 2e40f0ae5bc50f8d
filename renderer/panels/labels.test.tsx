import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { NODE_TYPES, type NodeType } from '../../shared/nodes/node-types'
import { NODE_DEFINITIONS } from '../../shared/nodes/registry'
import { EditorContext } from '../editor/context'
import { createEditorStore } from '../editor/store'
import { flow, node } from '../editor/testing/docs'
import { NodePanel } from './NodePanel'
import { emptyValue, jsonSchemaOf, kindOf, unwrapNullable } from './schema'

// Every control a panel shows has a name a person (and a screen reader, and the e2e tests) can find it by: a
// <label for>, a wrapping <label> or an aria-label. Checked in every mode of every node type, with one item in every
// list, so the fields of list items and of each mode are covered too.

function render(type: NodeType, config: Record<string, unknown>): string {
  const store = createEditorStore(flow([node('n1', type, `${type}_x`, config)]))
  return renderToStaticMarkup(
    <EditorContext.Provider value={store}>
      <NodePanel nodeId="n1" />
    </EditorContext.Provider>,
  )
}

/** The defaults with one item in each empty list, then once per value of each top-level choice (mode, kind, type). */
function variants(type: NodeType): Record<string, unknown>[] {
  const schema = jsonSchemaOf(NODE_DEFINITIONS[type].configSchema)
  const base = { ...(NODE_DEFINITIONS[type].defaults() as Record<string, unknown>) }
  for (const [key, sub] of Object.entries(schema.properties ?? {})) {
    const s = unwrapNullable(sub).schema
    if (kindOf(s) === 'array' && Array.isArray(base[key]) && (base[key] as unknown[]).length === 0)
      base[key] = [emptyValue(s.items ?? {})]
  }
  const out = [base]
  for (const [key, sub] of Object.entries(schema.properties ?? {})) {
    const s = unwrapNullable(sub).schema
    if (kindOf(s) === 'enum') for (const v of s.enum ?? []) out.push({ ...base, [key]: v })
  }
  return out
}

/** Each element carrying a data-pointer (every field control) and whether it is named. */
function controls(html: string): { pointer: string; named: boolean }[] {
  return [...html.matchAll(/<(\w+)([^>]*?)data-pointer="([^"]*)"([^>]*)>/g)].map((m) => {
    const attrs = `${m[2]} ${m[4]}`
    const id = /\bid="([^"]+)"/.exec(attrs)?.[1]
    const before = html.slice(Math.max(0, (m.index ?? 0) - 7), m.index)
    const named =
      /aria-label="[^"]+"/.test(attrs) || (id !== undefined && html.includes(`for="${id}"`)) || before === '<label>'
    return { pointer: m[3]!, named }
  })
}

describe('panel controls are labelled', () => {
  it.each(NODE_TYPES)('%s: every control in every mode has a label', (type) => {
    for (const config of variants(type)) {
      const found = controls(render(type, config))
      expect(found.length, `${type} shows fields`).toBeGreaterThan(type === 'end' ? -1 : 0)
      for (const c of found) expect(c.named, `${type} ${JSON.stringify(config)}: ${c.pointer}`).toBe(true)
    }
  })

  it('finds an unlabelled control (the check can fail)', () => {
    expect(controls('<input id="a" data-pointer="/x">')).toEqual([{ pointer: '/x', named: false }])
    expect(controls('<label for="a">X</label><input id="a" data-pointer="/x">')).toEqual([
      { pointer: '/x', named: true },
    ])
    expect(controls('<label><input type="checkbox" data-pointer="/y"/> Y</label>')).toEqual([
      { pointer: '/y', named: true },
    ])
  })
})
