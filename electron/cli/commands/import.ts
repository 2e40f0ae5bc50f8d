// `chatflow import <flow.json> --data-dir <dir>`: stores a flow file in the studio database, keeping its id, so
// scripts can set up a studio (then `chatflow secret` and `chatflow serve`). A flow with the same id gets the file
// as a new revision. Nothing is written when the file is not a valid flow.
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { Database } from 'better-sqlite3'
import { parseFlow } from '../../../shared/flow/serialise'
import type { FlowDocument } from '../../../shared/flow/document'
import { DB_FILE_NAME } from '../../studio/backend'
import { resolveDataDir } from '../../studio/data-dir'
import { openDatabase } from '../../studio/db/open'
import { FlowStore } from '../../studio/store/flows'
import type { CliCommand } from './types'

const USAGE = `Usage: chatflow import <flow.json> [--data-dir <dir>]

Stores the flow in the studio's database under the id written in the file (a flow with that id gets it as a new
revision). The studio must not be running on the same data directory.
Exit codes: 0 stored, 1 the file is not a valid flow or the database cannot be used, 2 bad usage.
`

export const importCommand: CliCommand = {
  summary: 'store a flow file in the studio database, keeping its id',
  async run(args) {
    let parsed
    try {
      parsed = parseArgs({ args, allowPositionals: true, options: { 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } } })
    } catch (err) {
      process.stderr.write(`chatflow import: ${err instanceof Error ? err.message : String(err)}\n${USAGE}`)
      return 2
    }
    if (parsed.values.help) {
      process.stdout.write(USAGE)
      return 0
    }
    if (parsed.positionals.length !== 1) {
      process.stderr.write(`chatflow import: expected one flow file\n${USAGE}`)
      return 2
    }
    const file = parsed.positionals[0]!
    let text: string
    try {
      text = fs.readFileSync(file, 'utf8')
    } catch (err) {
      process.stderr.write(`chatflow import: cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}\n`)
      return 1
    }
    const loaded = parseFlow(text)
    if (!loaded.ok) {
      process.stderr.write(`chatflow import: ${file}: ${loaded.error.message}\n`)
      return 1
    }
    let db: Database
    try {
      db = openDatabase(path.join(resolveDataDir(parsed.values['data-dir']), DB_FILE_NAME))
    } catch (err) {
      process.stderr.write(`chatflow import: ${err instanceof Error ? err.message : String(err)}\n`)
      return 1
    }
    try {
      const revision = storeFlow(db, loaded.document)
      process.stdout.write(`Imported "${loaded.document.name}" as ${loaded.document.id} (revision ${revision}).\n`)
      return 0
    } finally {
      db.close()
    }
  },
}

/** Inserts or replaces the flow under its own id in one transaction; returns the stored revision. */
export function storeFlow(db: Database, document: FlowDocument): number {
  const store = new FlowStore(db, Date.now)
  return db.transaction(() => {
    const row = db.prepare('SELECT deleted_at FROM flows WHERE id = ?').get(document.id) as { deleted_at: number | null } | undefined
    if (row) {
      if (row.deleted_at !== null) store.restore(document.id)
      return store.change(document.id, 'import', () => document).revision
    }
    const now = Date.now()
    const json = JSON.stringify(document)
    db.prepare(
      `INSERT INTO flows (id, name, active, document, revision, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?)`,
    ).run(document.id, document.name, document.active ? 1 : 0, json, now, now)
    db.prepare('INSERT INTO flow_revisions (flow_id, revision, document, reason, created_at) VALUES (?, 1, ?, ?, ?)').run(
      document.id,
      json,
      'import',
      now,
    )
    return 1
  })()
}
