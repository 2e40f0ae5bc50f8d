import type { Database } from 'better-sqlite3'

/** One numbered schema step. `up` runs inside a transaction opened by the migrator; never call BEGIN/COMMIT in it. */
export interface Migration {
  version: number
  name: string
  up(db: Database): void
}
