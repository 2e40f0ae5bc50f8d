import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { planRename, renameNode } from './rename'
import { buildReferenceIndex, usedInCount } from './references'
import { example, nodeByName } from './testing/examples'

describe('renameNode', () => {
  it('rewrites every reference, nested expressions included, and returns the places', () => {
    const doc = example('order-status')
    nodeByName(doc, 'order_missing').config.text =
      "{{if({{order_lookup.status}} == 404, 'not found', {{order_lookup.result.carrier}})}}"
    expect(usedInCount(doc, 'order_lookup')).toBe(4)
    const places = planRename(doc, 'n_lookup')
    expect(places.map((p) => [p.nodeName, p.field, p.label])).toEqual([
      ['order_found', '/text', 'Message text'],
      ['order_found', '/text', 'Message text'],
      ['order_missing', '/text', 'Message text'],
      ['order_missing', '/text', 'Message text'],
    ])
    expect(places[0]!.excerpt).toContain('{{order_lookup.result.carrier}}')
    const r = renameNode(doc, 'n_lookup', 'lookup')
    if (!r.ok) throw new Error(r.problem.message)
    expect(r.count).toBe(4)
    expect(nodeByName(r.document, 'order_found').config.text).toBe(
      'Order *{{order_number}}* is {{order_state}}.\nCarrier: {{lookup.result.carrier}}\nExpected delivery: {{lookup.result.estimated_delivery}}',
    )
    expect(nodeByName(r.document, 'order_missing').config.text).toBe(
      "{{if({{lookup.status}} == 404, 'not found', {{lookup.result.carrier}})}}",
    )
    expect(Object.keys(r.document.samples)).toEqual(['lookup'])
    expect(usedInCount(r.document, 'order_lookup')).toBe(0)
    expect(usedInCount(r.document, 'lookup')).toBe(4)
    expect(doc.nodes.find((n) => n.id === 'n_lookup')!.name).toBe('order_lookup') // the input is not mutated
  })

  it.each([
    [
      'script input mappings',
      'order-status',
      (d: any) => {
        d.nodes.push({
          id: 's',
          type: 'script',
          name: 'calc',
          position: { x: 0, y: 0 },
          config: { code: 'return {}', inputs: [{ name: 'st', value: '{{order_lookup.status}}' }] },
        })
      },
      's',
      '/inputs/0/value',
    ],
    [
      'template parameters',
      'feedback-form',
      (d: any) => {
        d.nodes[1].config.bodyParams = ['{{order_lookup.result.carrier}}']
      },
      'n_tpl',
      '/bodyParams/0',
    ],
    [
      'condition operands',
      'age-gate',
      (d: any) => {
        d.nodes[2].config.rules[0].right = '{{order_lookup.ok}}'
      },
      'n_check',
      '/rules/0/right',
    ],
  ])('finds and rewrites references in %s', (_t, base, edit, nodeId, field) => {
    const doc = example(base)
    if (base !== 'order-status')
      doc.nodes.push({
        id: 'n_lookup',
        type: 'http_call',
        name: 'order_lookup',
        position: { x: 0, y: 0 },
        config: { url: 'https://x.test' },
      })
    edit(doc)
    const place = planRename(doc, 'n_lookup').find((p) => p.nodeId === nodeId)
    expect(place?.field).toBe(field)
    const r = renameNode(doc, 'n_lookup', 'lookup')
    if (!r.ok) throw new Error(r.problem.message)
    expect(buildReferenceIndex(r.document).some((p) => p.nodeId === nodeId && p.path[0] === 'lookup')).toBe(true)
  })

  it.each([
    ['my lookup', 'name.chars'],
    ['9lives', 'name.digit'],
    ['order_found', 'name.duplicate'],
    ['', 'name.empty'],
    ['order_number', 'name.shadows_variable'],
    ['customer_phone', 'name.shadows_variable'],
  ])('refuses %j (%s) and leaves the flow alone', (name, code) => {
    const r = renameNode(example('order-status'), 'n_lookup', name)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.problem.code).toBe(code)
  })

  it('refuses an unknown node id', () => {
    const r = renameNode(example('order-status'), 'nope', 'x')
    expect(!r.ok && r.problem.code).toBe('node.unknown')
  })
})

const FRAGMENTS = [
  ['{{OLD.status}}', '{{NEW.status}}'],
  ['{{ {{OLD.result.total}} * 1.18 }}', '{{ {{NEW.result.total}} * 1.18 }}'],
  ["{{if({{OLD.ok}}, 'OLD', 'no')}}", "{{if({{NEW.ok}}, 'OLD', 'no')}}"],
  ['OLD outside braces', 'OLD outside braces'],
  ['{{OLDx.status}}', '{{OLDx.status}}'],
  ['{{customer_name}}', '{{customer_name}}'],
  ['{{sum({{OLD.a}}, {{OLD.b}})}}', '{{sum({{NEW.a}}, {{NEW.b}})}}'],
] as const

describe('rename properties', () => {
  const ident = fc.stringMatching(/^[a-z][a-z0-9_]{0,20}$/).map((s) => `z_${s}`)

  it('changes nothing but the name and its references, and renaming back restores the flow', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('order-status', 'lead-capture', 'appointment', 'age-gate', 'catalogue', 'feedback-form'),
        fc.nat(),
        ident,
        (base, pick, newName) => {
          const doc = example(base)
          const node = doc.nodes[pick % doc.nodes.length]!
          const r = renameNode(doc, node.id, newName)
          if (!r.ok) throw new Error(r.problem.message)
          expect(r.document.edges).toEqual(doc.edges)
          expect(r.document.nodes.map((n) => n.id)).toEqual(doc.nodes.map((n) => n.id))
          expect(r.document.nodes.map((n) => (n.id === node.id ? node.name : n.name))).toEqual(
            doc.nodes.map((n) => n.name),
          )
          expect(usedInCount(r.document, newName)).toBe(usedInCount(doc, node.name))
          expect(usedInCount(r.document, node.name)).toBe(0)
          const back = renameNode(r.document, node.id, node.name)
          if (!back.ok) throw new Error(back.problem.message)
          expect(back.document).toEqual(doc)
        },
      ),
      { numRuns: 150 },
    )
  })

  it('rewrites exactly the reads of the node in any mix of plain text, placeholders and nested expressions', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...FRAGMENTS), { minLength: 1, maxLength: 6 }), ident, (parts, newName) => {
        const doc = example('order-status')
        const text = parts.map(([before]) => before.replaceAll('OLD', 'order_lookup')).join(' ')
        const expected = parts
          .map(([, after]) => after.replaceAll('OLD', 'order_lookup').replaceAll('NEW', newName))
          .join(' ')
        nodeByName(doc, 'order_missing').config.text = text
        const r = renameNode(doc, 'n_lookup', newName)
        if (!r.ok) throw new Error(r.problem.message)
        expect(nodeByName(r.document, 'order_missing').config.text).toBe(expected)
      }),
      { numRuns: 200 },
    )
  })
})
