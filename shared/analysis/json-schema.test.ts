import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import Ajv2020 from 'ajv/dist/2020'
import { withGeneratedSections } from './docs-settings'
import committed from '../../docs/flow-format.schema.json'
import { flowJsonSchema } from './json-schema'
import { NODE_TYPES } from '../nodes/node-types'
import { EXAMPLES } from './testing/examples'

describe('docs/flow-format.schema.json', () => {
  it('is up to date with the zod schemas (run `npx tsx scripts/gen-flow-schema.ts` after changing them)', () => {
    expect(committed).toEqual(flowJsonSchema())
  })

  it('describes the config of every node type', () => {
    const items = (flowJsonSchema() as any).properties.nodes.items.oneOf as {
      properties: { type: { const: string } }
    }[]
    expect(items.map((i) => i.properties.type.const).sort()).toEqual([...NODE_TYPES].sort())
  })

  it('docs/flow-format.md carries the current generated settings, answer types and node reference', () => {
    const md = readFileSync(new URL('../../docs/flow-format.md', import.meta.url), 'utf8')
    expect(md).toBe(withGeneratedSections(md))
    expect(md).toContain('| `timeZone` | string |')
    expect(md).toContain('| `datetime` |')
    expect(md).toContain('### Chat Flow (`chat_flow`)')
  })
})

// The published schema is checked by a JSON Schema validator of its own, so what other tools read matches the loader.
describe('the published schema, read by a JSON Schema validator (ajv, draft 2020-12)', () => {
  const check = new Ajv2020({ strict: false, allErrors: true }).compile(committed)
  const paths = (doc: unknown) => (check(doc) ? [] : (check.errors ?? []).map((e) => e.instancePath))

  it.each(Object.keys(EXAMPLES))('accepts the example %s', (name) => {
    expect(paths(EXAMPLES[name])).toEqual([])
  })

  it('accepts a hand-written file that leaves every config field out (they take their defaults)', () => {
    const nodes = NODE_TYPES.map((type, i) => ({
      id: `n${i}`,
      type,
      name: `${type}_1`,
      position: { x: 0, y: i * 100 },
      config: {},
    }))
    expect(paths({ format: 'chatflow.flow/1', id: 'f', name: 'F', active: false, nodes, edges: [] })).toEqual([])
  })

  it.each([
    [
      'a config field of the wrong type',
      (d: any) => {
        d.nodes[1].config.maxAttempts = 'three'
      },
      '/nodes/1/config/maxAttempts',
    ],
    [
      'an unknown answer type',
      (d: any) => {
        d.nodes[1].config.answerType = 'colour'
      },
      '/nodes/1/config/answerType',
    ],
    [
      'an edge without its port',
      (d: any) => {
        delete d.edges[0].sourcePort
      },
      '/edges/0',
    ],
    [
      'a flow without an id',
      (d: any) => {
        delete d.id
      },
      '',
    ],
    [
      'another format version',
      (d: any) => {
        d.format = 'chatflow.flow/2'
      },
      '/format',
    ],
  ])('refuses %s, pointing at it', (_t, breakIt, at) => {
    const doc = structuredClone(EXAMPLES['age-gate']) as any
    expect(doc.nodes[1].type).toBe('question')
    breakIt(doc)
    expect(paths(doc)).toContain(at)
  })
})
