// `npx tsx scripts/write-many-conditions.ts <file>`: writes the 242-node flow of shared/generate/testing/many-conditions.ts,
// for timing `npm run chatflow -- generate --time 1 <file>` by hand.
import fs from 'node:fs'
import { serialiseFlow } from '../shared/flow/serialise'
import { manyConditionsFlow } from '../shared/generate/testing/many-conditions'

const file = process.argv[2]
if (!file) {
  process.stderr.write('usage: write-many-conditions.ts <file.flow.json>\n')
  process.exit(2)
}
fs.writeFileSync(file, serialiseFlow(manyConditionsFlow()))
process.stdout.write(`wrote ${file}\n`)
