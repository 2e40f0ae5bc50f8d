import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { NODE_TYPES, type NodeType } from '../../shared/nodes/node-types'
import { NODE_DEFINITIONS } from '../../shared/nodes/registry'
import { EditorContext } from '../editor/context'
import { createEditorStore } from '../editor/store'
import { flow, node } from '../editor/testing/docs'
import { nodeUi } from '../nodes/registry'
import { NodePanel } from './NodePanel'
import { humanise, jsonSchemaOf } from './schema'

// Each panel, rendered as the editor renders it: the Node Name field, a control for every config field of the type
// that its current mode shows, and the template highlighting on exactly the fields that take {{ }}.

function render(type: NodeType, config: Record<string, unknown> = {}, extra: Parameters<typeof node>[] = []) {
  const n = node('n1', type, `${type}_x`, config)
  const store = createEditorStore(flow([n, ...extra.map((a) => node(...a))]))
  return renderToStaticMarkup(
    <EditorContext.Provider value={store}>
      <NodePanel nodeId="n1" />
    </EditorContext.Provider>,
  )
}

const labelOf = (type: NodeType, key: string) => nodeUi[type].panel.labels?.[`/${key}`] ?? humanise(key)
const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

describe('node panels', () => {
  it.each(NODE_TYPES)('%s shows its name and every config field of its mode', (type) => {
    const html = render(type)
    expect(html).toContain(`aria-label="${NODE_DEFINITIONS[type].label} settings"`)
    expect(html).toContain(`value="${type}_x"`)
    const config = NODE_DEFINITIONS[type].defaults() as Record<string, unknown>
    const hidden = new Set(nodeUi[type].panel.hidden?.(config) ?? [])
    for (const key of Object.keys(jsonSchemaOf(NODE_DEFINITIONS[type].configSchema).properties ?? {})) {
      const shown = html.includes(`data-pointer="/${key}"`) || html.includes(`>${escape(labelOf(type, key))}<`)
      expect(shown, `${type}: field ${key}`).toBe(!hidden.has(`/${key}`))
    }
  })

  it('switches fields with the mode: list settings replace buttons in list mode', () => {
    const buttons = render('interactive_message')
    expect(buttons).toContain('data-pointer="/buttons/0/title"')
    expect(buttons).not.toContain('data-pointer="/list/buttonLabel"')
    const list = render('interactive_message', { mode: 'list' })
    expect(list).toContain('data-pointer="/list/buttonLabel"')
    expect(list).toContain('data-pointer="/list/sections/0/rows/0/title"')
    expect(list).not.toContain('data-pointer="/buttons/0/title"')
  })

  it('highlights placeholders in template fields only', () => {
    const html = render('message', { text: 'Hello {{customer_name}}' })
    expect(html).toContain('<mark class="placeholder">{{customer_name}}</mark>')
    const q = render('question', { prompt: 'Name?', saveTo: 'x{{y}}' })
    // saveTo is a variable name, not a template: no highlight layer behind it.
    expect(q).not.toContain('<mark class="placeholder">{{y}}</mark>')
  })

  it('shows a problem under the field it is about and marks that field invalid', () => {
    // The store validates the flow it opens with: an empty message text is a problem of the model.
    const html = render('message')
    // The text field is the inline template editor; its server render is the read-only text, labelled and marked.
    expect(html).toMatch(/aria-label="Message text"[^>]*aria-invalid="true"/)
    expect(html).toContain('<li class="error">Message text is required.</li>')
    expect(render('end')).not.toContain('Message text is required.')
  })

  it('lists have add, move and remove controls with accessible names', () => {
    const html = render('http_call', {
      headers: [
        { key: 'a', value: '1' },
        { key: 'b', value: '2' },
      ],
    })
    expect(html).toContain('Add header')
    expect(html).toContain('aria-label="Move Header 2 up"')
    expect(html).toContain('aria-label="Remove Header 1"')
  })

  it('shows the variables hint and the Used in count of a referenced node', () => {
    const html = render('http_call', {}, [
      ['m', 'message', 'message_1', { text: '{{http_call_x.status}} and {{http_call_x.ok}}' }],
    ])
    expect(html).toContain('Variables: {{http_call_x.status}}')
    expect(html).toContain('Used in 2 place(s)')
  })
})
