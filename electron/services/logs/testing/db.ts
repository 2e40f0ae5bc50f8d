import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Database } from 'better-sqlite3'
import { openDatabase } from '../../db/open'

/** A migrated database in a real file in a fresh temp folder (tests and the benchmark). */
export function tempDatabase(): { db: Database; file: string; cleanup(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-logs-'))
  const file = path.join(dir, 'studio.db')
  const db = openDatabase(file)
  return {
    db,
    file,
    cleanup() {
      db.close()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
