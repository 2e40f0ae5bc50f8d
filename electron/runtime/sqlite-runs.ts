// Runs, trace, messages and contacts read back from the studio's SQLite tables (RunStore and ContactStore, the
// shapes PostgreSQL's pg-runs.ts gives too); the contact's step writes them (sqlite-step.ts).
import type { Database } from 'better-sqlite3'
import type { ContactStore, RunStore } from '../services/runs'
import { toSummary, type RunRow } from '../services/runs/run-store'

export class SqliteRuns {
  constructor(
    private readonly db: Database,
    private readonly runStore: RunStore,
    private readonly contactStore: ContactStore,
  ) {}

  run(runId: string) {
    return this.runStore.summary(runId)
  }

  runsOfContact(contactId: string) {
    const rows = this.db
      .prepare('SELECT * FROM runs WHERE contact_id = ? ORDER BY started_at, rowid')
      .all(contactId) as RunRow[]
    return rows.map(toSummary)
  }

  runsOfFlow(flowId: string, limit: number) {
    return this.runStore.list(flowId, { limit })
  }

  trace(runId: string) {
    return this.runStore.trace(runId)
  }

  messages(runId: string) {
    return this.runStore.messages(runId)
  }

  contactByPhone(phone: string) {
    return this.contactStore.byPhone(phone)
  }
}
