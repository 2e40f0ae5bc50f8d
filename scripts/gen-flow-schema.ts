// Writes docs/flow-format.schema.json from the zod schemas: `npx tsx scripts/gen-flow-schema.ts`.
// shared/flow/json-schema.test.ts fails when the committed file is stale.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { flowJsonSchemaText } from '../shared/flow/json-schema'

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/flow-format.schema.json')
writeFileSync(out, flowJsonSchemaText())
process.stdout.write(`wrote ${path.relative(process.cwd(), out)}\n`)
