/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest'
import { getAt } from '../flow/pointer'
import { NODE_MODULES } from './modules'
import { NODE_TYPES } from './node-types'
import { NODE_DEFINITIONS } from './registry'
import { loadFlow } from './load-flow'
import type { FlowNode } from '../flow/document'

// Every node type declares the texts its customer reads (docs/languages.md): the texts translations replace. A
// pointer that resolved to nothing would make a translation that is never sent; one that resolved to a number would
// put a string where a runner reads a number.

const examples = import.meta.glob('../../resources/examples/*.flow.json', { eager: true, import: 'default' })

function exampleNodes(): FlowNode[] {
  return Object.entries(examples).flatMap(([file, json]) => {
    const r = loadFlow(structuredClone(json))
    if (!r.ok) throw new Error(`${file}: ${r.error.message}`)
    return r.document.nodes
  })
}

function checkDeclaration(type: string, config: unknown) {
  const def = NODE_DEFINITIONS[type as keyof typeof NODE_DEFINITIONS]
  const texts = def.customerTexts(config)
  expect(new Set(texts.map((t) => t.pointer)).size, `${type}: pointers are distinct`).toBe(texts.length)
  for (const t of texts) {
    expect(typeof getAt(config, t.pointer), `${type} ${t.pointer}`).toBe('string')
    expect(getAt(config, t.pointer), `${type} ${t.pointer}`).toBe(t.value)
    expect(t.label.trim()).not.toBe('')
    if (t.limit !== null) expect(t.limit).toBeGreaterThan(0)
  }
  return texts
}

describe('customer texts of every node type', () => {
  it.each(NODE_MODULES.map((m) => m.type))('%s declares them, and its pointers resolve in its defaults', (t) => {
    const def = NODE_DEFINITIONS[t]
    expect(typeof def.customerTexts).toBe('function')
    checkDeclaration(t, def.defaults())
  })

  it('pointers resolve to the text they name in every node of every example flow', () => {
    const nodes = exampleNodes()
    expect(nodes.length).toBeGreaterThan(50)
    let texts = 0
    for (const n of nodes) {
      const def = NODE_DEFINITIONS[n.type as keyof typeof NODE_DEFINITIONS]
      texts += checkDeclaration(n.type, def.configSchema.parse(n.config)).length
    }
    expect(texts).toBeGreaterThan(50)
  })

  it('exactly the types that send what the flow writes declare texts; a Template Message sends the template', () => {
    const declaring = NODE_TYPES.filter(
      (t) => NODE_DEFINITIONS[t].customerTexts(NODE_DEFINITIONS[t].defaults()).length > 0,
    )
    const writing = NODE_MODULES.filter((m) => m.sends.length > 0 && m.type !== 'template_message').map((m) => m.type)
    expect(declaring.sort()).toEqual(writing.sort())
  })

  it('an Interactive Message declares what its mode shows, with the channel limits', () => {
    const def = NODE_DEFINITIONS.interactive_message
    const list = def.configSchema.parse({
      mode: 'list',
      header: { type: 'text', text: 'Menu' },
      body: 'Pick one',
      footer: 'Thanks',
      list: {
        buttonLabel: 'Open',
        sections: [{ title: 'Food', rows: [{ id: 'a', title: 'Apple', description: 'Red' }] }],
      },
    })
    expect(checkDeclaration('interactive_message', list).map((t) => [t.pointer, t.kind, t.limit])).toEqual([
      ['/header/text', 'header', 60],
      ['/body', 'body', 1024],
      ['/footer', 'footer', 60],
      ['/list/buttonLabel', 'list_button', 20],
      ['/list/sections/0/title', 'section', 24],
      ['/list/sections/0/rows/0/title', 'row', 24],
      ['/list/sections/0/rows/0/description', 'row_description', 72],
    ])
    const buttons = def.configSchema.parse({ body: 'Sure?', buttons: [{ id: 'y', title: 'Yes' }] })
    expect(checkDeclaration('interactive_message', buttons).map((t) => [t.pointer, t.kind, t.limit])).toEqual([
      ['/body', 'body', 1024],
      ['/footer', 'footer', 60],
      ['/buttons/0/title', 'button', 20],
    ])
  })

  it('a Chat Flow declares its message and its form texts; a sticker has no caption', () => {
    const form = NODE_DEFINITIONS.chat_flow.configSchema.parse({
      body: 'Book',
      screens: [
        {
          id: 'FORM',
          title: 'Booking',
          fields: [{ name: 'day', label: 'Day', type: 'radio', options: [{ id: 'mon', title: 'Monday' }] }],
        },
      ],
    })
    expect(checkDeclaration('chat_flow', form).map((t) => [t.pointer, t.limit])).toEqual([
      ['/header', 60],
      ['/body', 1024],
      ['/footer', 60],
      ['/cta', 20],
      ['/screens/0/title', null],
      ['/screens/0/fields/0/label', 30],
      ['/screens/0/fields/0/options/0/title', 30],
    ])
    const sticker = NODE_DEFINITIONS.media_message.configSchema.parse({ kind: 'sticker', url: 'https://x/y.webp' })
    expect(checkDeclaration('media_message', sticker)).toEqual([])
  })
})
