// Test helpers for the transfer area: a real SQLite file in a temp folder, seeded from the example flows.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Database } from 'better-sqlite3'
import { fileURLToPath } from 'node:url'
import { parseFlow } from '../../../../shared/nodes/load-flow'
import type { FlowDocument } from '../../../../shared/flow'
import { openDatabase } from '../../db/open'
import { TemplateStore } from '../../effects/template-store'
import { applyImport } from '../apply'
import { SecretStore } from '../../webhook/secrets'

export const EXAMPLES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../resources/examples')

export interface TempDb {
  db: Database
  dir: string
  close(): void
}

export function tempDb(): TempDb {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-transfer-'))
  const db = openDatabase(path.join(dir, 'studio.db'))
  return { db, dir, close: () => (db.close(), fs.rmSync(dir, { recursive: true, force: true })) }
}

export function exampleFlow(name: string): FlowDocument {
  const loaded = parseFlow(fs.readFileSync(path.join(EXAMPLES, `${name}.flow.json`), 'utf8'))
  if (!loaded.ok) throw new Error(`${name}: ${loaded.error.message}`)
  return loaded.document
}

export function exampleTests(name: string): { name: string; yaml: string }[] {
  const dir = path.join(EXAMPLES, `${name}.tests`)
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => ({ name: f.replace(/\.test\.yaml$/, ''), yaml: fs.readFileSync(path.join(dir, f), 'utf8') }))
}

export const DELIVERY_FEEDBACK = {
  name: 'delivery_feedback',
  language: 'en',
  category: 'UTILITY' as const,
  header: { type: 'none' as const, text: '' },
  body: 'Hi {{1}}, how was the delivery of order {{2}}?',
  footer: '',
  buttons: [],
}

/** The webhook secret seedExamples gives the first example (stored, as every secret is, as its digest). */
export const TEST_SECRET = 'whsec_test_secret_value'

/** Seeds the example flows with their saved tests, the template feedback-form uses, and one webhook secret. */
export function seedExamples(db: Database, names = ['age-gate', 'feedback-form', 'lead-capture']): void {
  new TemplateStore(db).save(DELIVERY_FEEDBACK)
  applyImport(
    db,
    {
      kind: 'bundle',
      flows: names.map((n) => ({ document: exampleFlow(n), tests: exampleTests(n) })),
      dependencies: [],
      templates: [],
      catalog: [],
    },
    () => 'skip',
  )
  const first = exampleFlow(names[0]!)
  new SecretStore(db, () => 1).set(first.id, TEST_SECRET)
}

/** Every row of every table the import writes, to prove a refused import changed nothing. */
export function dump(db: Database): string {
  return ['flows', 'flow_revisions', 'conversation_tests', 'message_templates', 'webhook_secrets']
    .map((t) => JSON.stringify(db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all()))
    .join('\n')
}
