// The outbound union (shared/engine/outbound-schema.ts) against what runners really send: every message of every
// example's conversation tests, played as `chatflow test` plays them, parses with OutboundMessageSchema, and its kind
// is one that a node type of the run declares (NodeModule.sends).
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { NODE_MODULES } from '../../shared/nodes/modules'
import { parseFlow } from '../../shared/nodes/load-flow'
import { parseConversationTest, runConversationTest } from '../../shared/engine/conversation'
import { messageKind } from '../../shared/engine/outbound'
import { OutboundMessageSchema } from '../../shared/engine/outbound-schema'
import { commandLineDeps } from '../../electron/cli/commands/test'
import { libraryEffects, readLibrary } from '../../electron/cli/commands/library'

const EXAMPLES = path.resolve(import.meta.dirname, '../../resources/examples')
const sends = new Map<string, readonly string[]>(NODE_MODULES.map((m) => [m.type, m.sends]))

describe('the outbound message union', () => {
  it('parses every message the examples send, each of a kind its node type declares', async () => {
    const read = readLibrary(path.join(EXAMPLES, 'library.json'))
    if (!read.ok) throw new Error(read.message)
    const deps = commandLineDeps(libraryEffects(read.items, null))
    const kinds = new Set<string>()
    for (const dir of fs.readdirSync(EXAMPLES).filter((d) => d.endsWith('.tests'))) {
      const loaded = parseFlow(fs.readFileSync(path.join(EXAMPLES, dir.replace(/\.tests$/, '.flow.json')), 'utf8'))
      if (!loaded.ok) throw new Error(loaded.error.message)
      for (const file of fs.readdirSync(path.join(EXAMPLES, dir))) {
        const parsed = parseConversationTest(fs.readFileSync(path.join(EXAMPLES, dir, file), 'utf8'))
        if (!parsed.ok) throw new Error(parsed.message)
        const out = await runConversationTest(loaded.document, parsed.test, deps)
        const declared = new Set(out.trace.flatMap((t) => sends.get(t.nodeType) ?? []))
        for (const m of out.exchanges.flatMap((x) => x.bot)) {
          expect(OutboundMessageSchema.safeParse(m).error?.issues ?? [], `${file}: ${JSON.stringify(m)}`).toEqual([])
          expect(declared.has(messageKind(m)), `${file}: ${messageKind(m)} is not declared by any node that ran`).toBe(
            true,
          )
          kinds.add(messageKind(m))
        }
      }
    }
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining([
        'image',
        'interactive.button',
        'interactive.flow',
        'interactive.list',
        'interactive.product_list',
        'text',
      ]),
    )
  })

  it('refuses a message of no known kind, and a known kind with a missing part', () => {
    expect(OutboundMessageSchema.safeParse({ type: 'location', location: {} }).success).toBe(false)
    expect(
      OutboundMessageSchema.safeParse({
        type: 'interactive',
        interactive: { type: 'button', body: { text: 'x' }, action: {} },
      }).success,
    ).toBe(false)
    expect(
      OutboundMessageSchema.safeParse({ type: 'image', image: { link: 'https://a.example/x.png', caption: 'hi' } })
        .success,
    ).toBe(true)
  })
})
