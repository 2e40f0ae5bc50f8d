// Writes docs/flow-format.schema.json and the generated node reference of docs/flow-format.md from the zod schemas:
// `npx tsx scripts/gen-flow-schema.ts`. shared/flow/json-schema.test.ts fails when either committed file is stale.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { flowJsonSchemaText } from '../shared/flow/json-schema'
import { withNodeConfigs } from '../shared/flow/docs-tables'

const docs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs')
writeFileSync(path.join(docs, 'flow-format.schema.json'), flowJsonSchemaText())
const md = path.join(docs, 'flow-format.md')
writeFileSync(md, withNodeConfigs(readFileSync(md, 'utf8')))
process.stdout.write('wrote docs/flow-format.schema.json and the node reference in docs/flow-format.md\n')
