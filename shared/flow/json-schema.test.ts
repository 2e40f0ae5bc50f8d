import { describe, expect, it } from 'vitest'
import committed from '../../docs/flow-format.schema.json'
import { flowJsonSchema } from './json-schema'
import { NODE_TYPES } from './node-types'

describe('docs/flow-format.schema.json', () => {
  it('is up to date with the zod schemas (run `npx tsx scripts/gen-flow-schema.ts` after changing them)', () => {
    expect(committed).toEqual(flowJsonSchema())
  })

  it('describes the config of every node type', () => {
    const items = (flowJsonSchema() as any).properties.nodes.items.oneOf as { properties: { type: { const: string } } }[]
    expect(items.map((i) => i.properties.type.const).sort()).toEqual([...NODE_TYPES].sort())
  })
})
