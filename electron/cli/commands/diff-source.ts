// What `chatflow diff` compares: a flow file, or a revision of a flow in a studio's data folder written
// <flow>@<revision>, where <flow> is the flow's id or name and <revision> a number, a version's name, or 'draft'.
import fs from 'node:fs'
import path from 'node:path'
import type { Database } from 'better-sqlite3'
import type { FlowDocument } from '../../../shared/flow/document'
import { parseFlow } from '../../../shared/nodes/load-flow'
import { DB_FILE_NAME } from '../../studio/backend'
import { resolveDataDir } from '../../services/data-dir'
import { openDatabase } from '../../services/db/open'
import { RevisionStore } from '../../services/store/revisions'
import { readStoredFlow } from '../../services/store/stored-flow'
import { readInputFile } from './input-file'

export type Source = { ok: true; document: FlowDocument; label: string } | { ok: false; message: string }

/** The studio database, opened on first need and closed by the caller. */
export class DataDir {
  private db: Database | null = null
  constructor(private readonly flag: string | undefined) {}

  open(): Database {
    if (this.db) return this.db
    const file = path.join(resolveDataDir(this.flag), DB_FILE_NAME)
    if (!fs.existsSync(file)) throw new Error(`there is no studio database at ${file}`)
    this.db = openDatabase(file)
    return this.db
  }

  close(): void {
    this.db?.close()
    this.db = null
  }
}

export function readSource(arg: string, data: DataDir): Source {
  if (fs.existsSync(arg) && !fs.statSync(arg).isDirectory()) return readFileSource(arg)
  const at = arg.lastIndexOf('@')
  if (at <= 0)
    return {
      ok: false,
      message: fs.existsSync(arg)
        ? `${arg}: is a directory`
        : `${arg}: no such file (a revision of a studio flow is written <flow>@<revision>, e.g. "Order status@3" or order-status@draft)`,
    }
  return readRevision(arg.slice(0, at), arg.slice(at + 1), data)
}

function readFileSource(file: string): Source {
  const read = readInputFile(file)
  if (!read.ok) return { ok: false, message: `${file}: cannot read (${read.reason})` }
  const loaded = parseFlow(read.text)
  return loaded.ok
    ? { ok: true, document: loaded.document, label: file }
    : { ok: false, message: `${file}: ${loaded.error.message}` }
}

function readRevision(flow: string, ref: string, data: DataDir): Source {
  let db: Database
  try {
    db = data.open()
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) }
  }
  const found = db
    .prepare('SELECT id, name, revision, document FROM flows WHERE deleted_at IS NULL AND (id = ? OR name = ?)')
    .all(flow, flow) as Array<{ id: string; name: string; revision: number; document: string }>
  const exact = found.filter((f) => f.id === flow)
  const rows = exact.length ? exact : found
  if (rows.length === 0) return { ok: false, message: `no flow with the id or name "${flow}" in the studio's data` }
  if (rows.length > 1)
    return {
      ok: false,
      message: `${rows.length} flows are named "${flow}": name one by its id (${rows.map((r) => r.id).join(', ')})`,
    }
  const f = rows[0]!
  const label = `${flow}@${ref}`
  try {
    if (ref === 'draft' || ref === '') return { ok: true, document: readStoredFlow(f.document), label }
    const store = new RevisionStore(db)
    const row = /^\d+$/.test(ref) ? store.get(f.id, Number(ref)) : store.byLabel(f.id, ref)
    if (!row)
      return {
        ok: false,
        message: /^\d+$/.test(ref)
          ? `revision ${ref} of "${f.name}" is not kept (its revisions are 1 to ${f.revision}; old unnamed ones are pruned)`
          : `"${f.name}" has no version named "${ref}"`,
      }
    return { ok: true, document: readStoredFlow(row.document), label }
  } catch (err) {
    return { ok: false, message: `${label}: ${err instanceof Error ? err.message : String(err)}` }
  }
}
