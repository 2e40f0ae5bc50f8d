// Lays out the example flows of resources/examples left to right with the canvas's own auto-layout (ELK with the
// cards' computed sizes and port positions, renderer/editor/layout.ts) and writes the positions back. Run after
// adding an example or changing the card geometry: `npx tsx scripts/layout-examples.ts`. Only positions change;
// test/e2e/canvas-layout.spec.ts checks that every example opens with no card over another.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FlowDocument } from '../shared/flow/document'
import { layoutPositions } from '../renderer/editor/layout'

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../resources/examples')
for (const file of fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.flow.json'))
  .sort()) {
  const at = path.join(dir, file)
  const doc = JSON.parse(fs.readFileSync(at, 'utf8')) as FlowDocument
  const positions = await layoutPositions(doc)
  const next = { ...doc, nodes: doc.nodes.map((n) => ({ ...n, position: positions.get(n.id) ?? n.position })) }
  fs.writeFileSync(at, `${JSON.stringify(next, null, 2)}\n`)
  console.log(`${file}: ${doc.nodes.length} nodes laid out`)
}
