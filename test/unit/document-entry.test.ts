// Every stored or received flow document enters through the one loader (shared/nodes/load-flow.ts), so node versions
// are migrated, and newer ones refused, on every path. This scan finds a new path that decodes a document by hand:
// a JSON.parse cast to FlowDocument, a schema parse of the whole document, or the flow model's catalogue-taking
// loader called without this build's catalogue.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** Product sources: not tests, not test support. */
function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name)
    if (e.isDirectory()) return e.name === 'testing' || e.name === 'node_modules' ? [] : sources(rel)
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : []
  })
}

const ENTRIES: { what: string; pattern: RegExp; allowed: string[] }[] = [
  {
    what: 'a document decoded by hand (JSON.parse(…) as FlowDocument)',
    pattern: /JSON\.parse\([^)]*\)\s+as\s+FlowDocument\b/,
    // The helpers that read stored rows through upgradeNodes, and coverage, which compares revisions through it.
    allowed: ['electron/services/store/stored-flow.ts', 'electron/studio/coverage/store.ts'],
  },
  {
    what: 'a whole document parsed with the schema',
    // The schema of a build's node types is built by the factory: the loader builds it from its catalogue, and
    // shared/nodes/schema.ts for the contract's requests, which the API layer checks as before.
    pattern: /FlowDocumentSchema\.(safeParse|parse)\(|\bflowDocumentSchema\(/,
    allowed: ['shared/flow/document.ts', 'shared/flow/serialise.ts', 'shared/nodes/schema.ts'],
  },
  {
    what: "the flow model's loader called with a catalogue",
    pattern: /\b(loadFlowWith|parseFlowWith|migrateNodeVersions)\(/,
    allowed: [
      'shared/flow/serialise.ts',
      'shared/flow/node-versions.ts',
      'shared/nodes/load-flow.ts',
      'renderer/editor/clipboard.ts',
    ],
  },
]

describe('flow documents enter through the one loader', () => {
  const files = ['shared', 'electron', 'renderer', 'bench'].flatMap(sources)
  it.each(ENTRIES)('no other product file holds $what', ({ pattern, allowed }) => {
    expect(files.length).toBeGreaterThan(100)
    const found = files.filter((f) => pattern.test(fs.readFileSync(path.join(ROOT, f), 'utf8')))
    expect(found.filter((f) => !allowed.includes(f))).toEqual([])
    // The allow-list names files that still do it, so it cannot go stale into a hole.
    expect(allowed.filter((f) => !found.includes(f))).toEqual([])
  })
})
