import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import type { NodeType } from '../../../shared/nodes/node-types'
import { EditorContext } from '../../editor/context'
import { createEditorStore } from '../../editor/store'
import { flow, node } from '../../editor/testing/docs'
import { NodePanel } from '../../panels/NodePanel'

// Rule operands repeat in every rule (and every route): each field's accessible name says which one it is.

function panel(type: NodeType, config: Record<string, unknown>): string {
  const store = createEditorStore(flow([node('n1', type, `${type}_x`, config)]))
  return renderToStaticMarkup(
    <EditorContext.Provider value={store}>
      <NodePanel nodeId="n1" />
    </EditorContext.Provider>,
  )
}

const rule = (left: string) => ({ left, operator: 'equals', right: 'x' })
const names = (html: string) => [...html.matchAll(/aria-label="([^"]*(?:operand|operator|name))"/g)].map((m) => m[1])

describe('rule operand labels', () => {
  it('condition: every operand and operator is named by its rule; visible labels stay short', () => {
    const html = panel('condition', { rules: [rule('{{a}}'), rule('{{b}}')] })
    expect(names(html)).toEqual([
      'Rule 1 left operand',
      'Rule 1 operator',
      'Rule 1 right operand',
      'Rule 2 left operand',
      'Rule 2 operator',
      'Rule 2 right operand',
    ])
    expect(html).toContain('>Left operand</label>')
    expect(html).toContain('>Right operand</label>')
    expect(html).not.toContain('>Value</label>')
  })

  it('router: operands are named by route and rule, route names by route', () => {
    const routes = [
      { id: 'r1', name: 'Adults', join: 'and', rules: [rule('{{age}}')] },
      { id: 'r2', name: 'Others', join: 'and', rules: [rule('{{age}}'), rule('{{country}}')] },
    ]
    const html = panel('router', { routes })
    expect(names(html)).toEqual([
      'Route 1 name',
      'Route 1 rule 1 left operand',
      'Route 1 rule 1 operator',
      'Route 1 rule 1 right operand',
      'Route 2 name',
      'Route 2 rule 1 left operand',
      'Route 2 rule 1 operator',
      'Route 2 rule 1 right operand',
      'Route 2 rule 2 left operand',
      'Route 2 rule 2 operator',
      'Route 2 rule 2 right operand',
    ])
  })
})
