import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { withNodeConfigs } from './docs-tables'
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

  it('docs/flow-format.md carries the current generated node reference', () => {
    const md = readFileSync(new URL('../../docs/flow-format.md', import.meta.url), 'utf8')
    expect(md).toBe(withNodeConfigs(md))
    expect(md).toContain('### Chat Flow (`chat_flow`)')
  })
})
