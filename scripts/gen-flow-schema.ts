// Writes docs/flow-format.schema.json and the generated tables of docs/flow-format.md (flow settings, answer types,
// node reference) from the zod schemas and the answer type descriptions:
// `npx tsx scripts/gen-flow-schema.ts`. shared/analysis/json-schema.test.ts fails when either committed file is stale.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { flowJsonSchemaText } from '../shared/analysis/json-schema'
import { withGeneratedSections } from '../shared/analysis/docs-settings'

const docs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs')
writeFileSync(path.join(docs, 'flow-format.schema.json'), flowJsonSchemaText())
const md = path.join(docs, 'flow-format.md')
writeFileSync(md, withGeneratedSections(readFileSync(md, 'utf8')))
process.stdout.write('wrote docs/flow-format.schema.json and the generated tables of docs/flow-format.md\n')
