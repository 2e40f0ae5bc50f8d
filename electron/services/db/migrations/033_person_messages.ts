import type { Database } from 'better-sqlite3'
import type { SchemaMigration } from '../schema/types'

// The person who takes a conversation over (issue #37, docs/runtime.md "Human takeover"). Their replies are messages
// of the conversation like the bot's: kept among the run's messages (`author` 'person'; null is the bot or the
// customer, by direction), so Flow Logs show them where they were written, marked as the person's. And a person may
// reply to a customer who never had a run (a takeover by API or studio of someone who only wrote): that reply goes
// through the outbox with no run, so `runtime_outbox.run_id` and `flow_id` may now be null. SQLite cannot drop a NOT NULL in
// place: the table is rebuilt from its own CREATE statement (whatever columns and indexes later steps gave it), the
// constraint removed, its rows and their order (seq) kept.
export const migration033: SchemaMigration = {
  version: 33,
  name: 'person_messages',
  steps: [
    {
      addColumn: {
        table: 'messages',
        column: { name: 'author', type: 'text', nullable: true, check: "author IN ('person')" },
      },
    },
    {
      sql: {
        postgres: 'ALTER TABLE runtime_outbox ALTER COLUMN run_id DROP NOT NULL, ALTER COLUMN flow_id DROP NOT NULL',
      },
    },
  ],
  sqliteAfter: outboxRunOptional,
}

function outboxRunOptional(db: Database): void {
  const table = db
    .prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'runtime_outbox'")
    .pluck()
    .get() as string | undefined
  if (!table) return
  const nullable = table
    .replace(/\brun_id TEXT NOT NULL\b/, 'run_id TEXT')
    .replace(/\bflow_id TEXT NOT NULL\b/, 'flow_id TEXT')
  if (nullable === table) return
  const rebuilt = nullable.replace(
    /^CREATE TABLE (IF NOT EXISTS )?"?runtime_outbox"?/,
    'CREATE TABLE runtime_outbox_033',
  )
  const extras = db
    .prepare(
      "SELECT sql FROM sqlite_master WHERE tbl_name = 'runtime_outbox' AND type IN ('index', 'trigger') AND sql IS NOT NULL",
    )
    .pluck()
    .all() as string[]
  db.exec(`${rebuilt};
    INSERT INTO runtime_outbox_033 SELECT * FROM runtime_outbox;
    DROP TABLE runtime_outbox;
    ALTER TABLE runtime_outbox_033 RENAME TO runtime_outbox;`)
  for (const sql of extras) db.exec(sql)
}
