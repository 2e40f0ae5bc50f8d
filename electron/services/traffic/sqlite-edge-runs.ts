// The runs of a flow that took a connection, newest first, in SQLite (the studio's database, a runtime's SQLite file).
// See edge-runs.ts for how they are found.
import type { Database, Statement } from 'better-sqlite3'
import type { EdgeRuns, EdgeRunsQuery } from '../../../shared/api/commands/untested'
import { edgeKey, edgeRunsPeriod } from './edge-runs'

export class SqliteEdgeRuns {
  private readonly sql: Statement

  constructor(db: Database) {
    this.sql = db
      .prepare(
        `SELECT id FROM runs
         WHERE flow_id = @flowId AND (@since IS NULL OR started_at >= @since) AND (@until IS NULL OR started_at < @until)
           AND (@version IS NULL OR flow_version = @version)
           AND instr(state, @needle) > 0
           AND EXISTS (SELECT 1 FROM json_each(state, '$.traffic.e') WHERE value = @key)
         ORDER BY started_at DESC, rowid DESC LIMIT @limit`,
      )
      .pluck()
  }

  edgeRuns(q: EdgeRunsQuery): EdgeRuns {
    const runs = this.sql.all({
      flowId: q.flowId,
      ...edgeRunsPeriod(q),
      version: q.version ?? null,
      ...edgeKey(q),
      limit: q.limit,
    }) as string[]
    return { runs }
  }
}
