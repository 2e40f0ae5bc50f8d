// The example flows shipped in resources/examples, offered to a new user as starting points. Opening one imports it
// as a bundle through the studio's own import (transfer.import), with its conversation tests and the templates and
// catalogue products it needs from resources/examples/library.json, so it runs in the emulator at once.
import type { FlowDocument } from '../../shared/flow/document'
import { productsUsed, templatesUsed } from '../../shared/analysis/library-refs'
import { dependenciesOf } from '../../shared/analysis/call-deps'
import { parse } from 'yaml'
import library from '../../resources/examples/library.json'
import { triggerConfigOf } from '../../shared/nodes/trigger/config'
import { startsFlow } from '../../shared/nodes/behaviour-of'

const flowFiles = import.meta.glob<FlowDocument>('../../resources/examples/*.flow.json', {
  eager: true,
  import: 'default',
})
const testFiles = import.meta.glob<string>('../../resources/examples/*.tests/*.yaml', {
  eager: true,
  query: '?raw',
  import: 'default',
})

export interface Example {
  key: string
  name: string
  description: string
  nodeCount: number
  testCount: number
  /** How the flow starts: its trigger kinds, with keywords where there are some. */
  starts: string[]
}

const keyOf = (file: string) => /([^/]+)\.flow\.json$/.exec(file)![1]!
const testsOf = (key: string) =>
  Object.entries(testFiles)
    .filter(([file]) => file.includes(`/${key}.tests/`))
    .sort(([a], [b]) => (a < b ? -1 : 1))

function startsOf(doc: FlowDocument): string[] {
  return doc.nodes.flatMap((n) => {
    if (!startsFlow(n.type)) return []
    const c = triggerConfigOf(n)
    return [c?.kind === 'keyword' && c.keywords.length ? `keyword “${c.keywords[0]}”` : (c?.kind ?? 'trigger')]
  })
}

export const EXAMPLES: Example[] = Object.entries(flowFiles)
  .map(([file, doc]) => {
    const key = keyOf(file)
    const descriptions = library.descriptions as Record<string, string>
    return {
      key,
      name: doc.name,
      description: descriptions[key] ?? '',
      nodeCount: doc.nodes.length,
      testCount: testsOf(key).length,
      starts: startsOf(doc),
    }
  })
  .sort((a, b) => a.name.localeCompare(b.name))

/**
 * The chatflow.bundle/1 text of one example (docs/flow-format.md, "Bundle"): the flow, its tests named by their
 * file, the example flows it calls (its `dependencies`: opening Callback request brings Verify the customer's
 * phone), and only the library items they use.
 */
export function exampleBundle(key: string): string {
  const entry = Object.entries(flowFiles).find(([file]) => keyOf(file) === key)
  if (!entry) throw new Error(`There is no example called ${key}.`)
  const doc = entry[1]
  const dependencies = dependenciesOf([doc], (id) => Object.values(flowFiles).find((d) => d.id === id)).docs
  const tests = testsOf(key).map(([file, yaml]) => ({ name: testName(yaml) ?? /([^/]+)\.yaml$/.exec(file)![1]!, yaml }))
  const used = [doc, ...dependencies]
  const templates = used
    .flatMap(templatesUsed)
    .flatMap((t) => library.templates.filter((l) => l.name === t.name && l.language === t.language))
  const products = used.flatMap(productsUsed)
  const catalog = library.catalog.filter((p) =>
    products.some((u) => u.catalogId === p.catalogId && u.productId === p.id),
  )
  return JSON.stringify({
    format: 'chatflow.bundle/1',
    flows: [{ document: doc, tests }],
    dependencies,
    templates,
    catalog,
  })
}

function testName(yaml: string): string | null {
  const doc = parse(yaml) as { name?: unknown } | null
  return typeof doc?.name === 'string' && doc.name.trim() ? doc.name.trim() : null
}
