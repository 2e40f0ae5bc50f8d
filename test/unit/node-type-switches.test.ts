// No code decides by a node type's name outside that type's own folders (shared/nodes/<type>/, renderer/nodes/<type>/):
// what a node does is declared on its module (shared/nodes/behaviour.ts) and read from there, so a new node type is
// known to the generator, the fuzzer, path analysis, the test policy and the emulator from its own folder.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { NODE_TYPES } from '../../shared/nodes/node-types'
import { sourceFiles, typeSwitches } from './testing/type-switches'

const ROOT = path.resolve(import.meta.dirname, '../..')
// Product source. bench/ and scripts/ are left out: they build sample documents of named types for measurements
// and demos, and no user's flow runs through them.
const FOLDERS = ['shared', 'electron', 'renderer']

describe('node type names decide nothing outside their own folders', () => {
  it('no product source file compares a type with a name, switches on one, or reads a named type’s config', () => {
    const files = sourceFiles(ROOT, FOLDERS)
    expect(files.length).toBeGreaterThan(300)
    const found = files.flatMap((f) => typeSwitches(f, fs.readFileSync(path.join(ROOT, f), 'utf8'), NODE_TYPES))
    expect(found.map((h) => `${h.file}:${h.line}: ${h.text}`)).toEqual([])
  })

  // The scan must bite: each way of deciding by a name that the code base used before the declarations.
  it.each([
    ["if (node.type === 'interactive_message') taps()"],
    ["if (e.nodeType !== 'script' || mocked) continue"],
    ["const t = nodes.find((n) => n.data.node.type === 'trigger')"],
    ["if ('router' === n.type) x()"],
    ["const c = configOf(node, 'chat_flow')?.screens"],
    ["const parsed = parseConfig('trigger', n.config)"],
    ["if (['condition', 'router'].includes(n.type)) x()"],
    ["switch (node.type) {\n  case 'question':\n    break\n}"],
  ])('finds %s', (code) => {
    expect(typeSwitches('shared/generate/example.ts', code, NODE_TYPES)).not.toEqual([])
  })

  it('leaves alone what is not a node type decision, and a type’s own folder', () => {
    const fine = [
      "if (event.kind === 'message') x()",
      "if (m.type === 'template') x()",
      "switch (c.kind) {\n  case 'webhook':\n    break\n}",
      "switch (m.type) {\n  case 'text':\n    break\n}",
      "const node = { type: 'trigger', name: 'trigger_1' }",
      "// n.type === 'question' in a comment",
    ]
    for (const code of fine) expect(typeSwitches('shared/generate/example.ts', code, NODE_TYPES)).toEqual([])
    expect(typeSwitches('shared/nodes/question/run.ts', "if (n.type === 'question') x()", NODE_TYPES)).toEqual([])
    expect(typeSwitches('renderer/nodes/chat_flow/x.ts', "configOf(n, 'chat_flow')", NODE_TYPES)).toEqual([])
    // A type's folder may not decide by another type's name.
    expect(typeSwitches('shared/nodes/question/run.ts', "if (n.type === 'router') x()", NODE_TYPES)).not.toEqual([])
  })
})
