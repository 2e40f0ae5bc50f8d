import { describe, expect, it } from 'vitest'
import type { FlowDocument, FlowNode } from '../flow/document'
import { buildReferenceIndex, referencesTo, usedInCount } from './references'
import { renameNode } from './rename'
import { example } from './testing/examples'

// The reference index, field kind by field kind: each place that reads a node's output is found with its node,
// its field pointer, its document pointer and the offsets of the path inside the field text.

const node = (id: string, type: FlowNode['type'], name: string, config: Record<string, unknown>): FlowNode => ({
  id,
  type,
  name,
  position: { x: 0, y: 0 },
  config,
})

function withReaders(): FlowDocument {
  const doc = example('order-status')
  doc.nodes.push(
    node('r_script', 'script', 'calc', {
      inputs: [{ name: 'st', value: 'status={{order_lookup.status}}' }],
      outputs: [{ name: 'x' }],
    }),
    node('r_tpl', 'template_message', 'notify', {
      templateName: 'order_update',
      header: { type: 'text', param: '{{order_lookup.result.carrier}}' },
      bodyParams: ['{{customer_name}}', 'Due {{order_lookup.result.estimated_delivery}}'],
      buttonUrlParam: '{{order_lookup.result.id}}',
    }),
    node('r_http', 'http_call', 'track', {
      url: 'https://t.test/{{order_lookup.result.id}}',
      headers: [{ key: 'x-ref', value: '{{order_lookup.headers.etag}}' }],
      query: [{ key: 'q', value: '{{order_lookup.status}}' }],
      bodyType: 'json',
      body: '{"s": "{{order_lookup.ok}}"}',
      auth: { type: 'bearer', token: '{{order_lookup.result.token}}' },
    }),
    node('r_cond', 'condition', 'is_late', {
      rules: [
        {
          left: "{{if({{order_lookup.ok}}, 'y', 'n')}}",
          operator: 'equals',
          right: '{{ {{order_lookup.status}} + 1 }}',
        },
      ],
    }),
    node('r_router', 'router', 'by_state', {
      routes: [{ id: 'a', name: 'A', rules: [{ left: '{{order_lookup.result.state}}', operator: 'is_empty' }] }],
    }),
    node('r_mpm', 'mpm', 'shelf', {
      catalogId: 'c',
      header: 'H',
      body: 'B',
      sections: [{ productIds: ['{{order_lookup.result.sku}}'] }],
    }),
    node('r_lead', 'lead_management', 'tag', { action: 'add_tags', tags: ['st_{{order_lookup.status}}'] }),
  )
  return doc
}

describe('buildReferenceIndex', () => {
  it.each([
    ['a placeholder in message text', 'n_found', '/text', 'order_lookup.result.carrier'],
    ['a script input mapping', 'r_script', '/inputs/0/value', 'order_lookup.status'],
    ['a template header parameter', 'r_tpl', '/header/param', 'order_lookup.result.carrier'],
    ['a template body parameter', 'r_tpl', '/bodyParams/1', 'order_lookup.result.estimated_delivery'],
    ['a template button URL parameter', 'r_tpl', '/buttonUrlParam', 'order_lookup.result.id'],
    ['an HTTP URL', 'r_http', '/url', 'order_lookup.result.id'],
    ['an HTTP header value', 'r_http', '/headers/0/value', 'order_lookup.headers.etag'],
    ['an HTTP query value', 'r_http', '/query/0/value', 'order_lookup.status'],
    ['an HTTP body', 'r_http', '/body', 'order_lookup.ok'],
    ['an HTTP auth token', 'r_http', '/auth/token', 'order_lookup.result.token'],
    ['a nested expression in a condition operand', 'r_cond', '/rules/0/left', 'order_lookup.ok'],
    ['an arithmetic expression in a condition operand', 'r_cond', '/rules/0/right', 'order_lookup.status'],
    ['a router rule operand', 'r_router', '/routes/0/rules/0/left', 'order_lookup.result.state'],
    ['an MPM product id', 'r_mpm', '/sections/0/productIds/0', 'order_lookup.result.sku'],
    ['a lead tag', 'r_lead', '/tags/0', 'order_lookup.status'],
  ])('finds %s with node, field, pointer and offsets', (_t, nodeId, field, path) => {
    const doc = withReaders()
    const i = doc.nodes.findIndex((n) => n.id === nodeId)
    const hits = referencesTo(doc, 'order_lookup').filter(
      (r) => r.nodeId === nodeId && r.field === field && r.path.join('.') === path,
    )
    expect(hits.length).toBeGreaterThan(0)
    for (const h of hits) {
      expect(h.nodeName).toBe(doc.nodes[i]!.name)
      expect(h.pointer).toBe(`/nodes/${i}/config${field}`)
      const text = field
        .split('/')
        .slice(1)
        .reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], doc.nodes[i]!.config) as string
      expect(text.slice(h.start, h.end)).toBe(path)
      expect(h.excerpt).toContain(path)
    }
  })

  it('counts every read once, and Used in X place(s) is that count', () => {
    const doc = withReaders()
    // 2 in the example's messages + 1 script + 3 template + 5 HTTP + 2 condition + 1 router + 1 MPM + 1 lead tag.
    expect(usedInCount(doc, 'order_lookup')).toBe(16)
    const system = (d: FlowDocument) => buildReferenceIndex(d).filter((r) => r.path[0] === 'customer_name').length
    expect(system(doc)).toBe(system(example('order-status')) + 1)
  })

  it('a node whose config does not parse still has its reads indexed and renamed', () => {
    const doc = example('order-status')
    doc.nodes.push(
      node('r_bad', 'http_call', 'broken', {
        url: 'https://t.test/{{order_lookup.result.id}}',
        timeoutMs: 'soon',
        headers: [{ key: 'a', value: 'x {{order_lookup.status}}' }],
      }),
    )
    const mine = referencesTo(doc, 'order_lookup').filter((r) => r.nodeId === 'r_bad')
    expect(mine.map((r) => [r.field, r.label])).toEqual([
      ['/url', 'Setting /url'],
      ['/headers/0/value', 'Setting /headers/0/value'],
    ])
    const r = renameNode(doc, 'n_lookup', 'lookup')
    if (!r.ok) throw new Error(r.problem.message)
    expect(r.document.nodes.at(-1)!.config).toEqual({
      url: 'https://t.test/{{lookup.result.id}}',
      timeoutMs: 'soon',
      headers: [{ key: 'a', value: 'x {{lookup.status}}' }],
    })
  })

  it('a rename rewrites all of them and leaves the offsets pointing at the new name', () => {
    const r = renameNode(withReaders(), 'n_lookup', 'lookup')
    if (!r.ok) throw new Error(r.problem.message)
    expect(r.count).toBe(16)
    expect(r.places).toHaveLength(16)
    expect(usedInCount(r.document, 'order_lookup')).toBe(0)
    const after = referencesTo(r.document, 'lookup')
    expect(after).toHaveLength(16)
    expect(JSON.stringify(r.document.nodes)).not.toContain('order_lookup')
  })
})
