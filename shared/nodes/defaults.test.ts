import { describe, expect, it } from 'vitest'
import { NODE_TYPES } from './node-types'
import { NODE_DEFINITIONS } from './registry'

// The settings each type documents for a new node are pinned beside the type (shared/nodes/<type>/definition.test.ts,
// documentedDefaults); this checks what holds for every type, including one added later.
describe('node defaults', () => {
  it.each(NODE_TYPES)('%s: a new node passes its own config checks except for what the author must fill in', (t) => {
    const def = NODE_DEFINITIONS[t]
    const problems = def.validate(def.defaults(), { nodeId: 'n', nodeName: `${t}_1`, configPointer: '' })
    // Only "fill this in" problems: a default that broke a channel limit or a rule would be a bug.
    for (const p of problems) expect(p.code, `${t}: ${p.message}`).toMatch(/^(config\.required|limit\.products_count)$/)
  })
})
