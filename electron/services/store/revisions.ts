import type { Database } from 'better-sqlite3'
import type { ServerVersion } from '../../../shared/api/commands/revisions'

// The saved history of a flow (flow_revisions) with its names (migration 021): a revision may carry a label and a
// description, and a named revision outlives the pruning of old ones. The studio's handlers, publishing and
// `chatflow diff` read it here, so a name means the same everywhere.

export interface RevisionRow {
  revision: number
  reason: string
  created_at: number
  document: string
  label: string | null
  description: string | null
}

/** A version of a flow this studio published, and which revision it was: a server's version without the draft. */
export type PublishedRow = Omit<ServerVersion, 'draftRevision'>

// What a server runs is the row it got last: never at or before an earlier row, even within one millisecond or
// under a clock set back.
const LATER = `max(?, coalesce((SELECT max(published_at) + 1 FROM published_revisions WHERE server_id = ? AND flow_id = ?), 0))`

const COLUMNS = 'revision, reason, created_at, document, label, description'

export class RevisionStore {
  constructor(private readonly db: Database) {}

  /** Newest first, below `before`; one row beyond `limit`, so the oldest shown can say what changed since. */
  page(flowId: string, limit: number, before?: number, namedOnly = false): RevisionRow[] {
    return this.db
      .prepare(
        `SELECT ${COLUMNS} FROM flow_revisions WHERE flow_id = ? AND revision < ?
         ${namedOnly ? 'AND label IS NOT NULL' : ''} ORDER BY revision DESC LIMIT ?`,
      )
      .all(flowId, before ?? Number.MAX_SAFE_INTEGER, limit + 1) as RevisionRow[]
  }

  get(flowId: string, revision: number): RevisionRow | undefined {
    return this.db
      .prepare(`SELECT ${COLUMNS} FROM flow_revisions WHERE flow_id = ? AND revision = ?`)
      .get(flowId, revision) as RevisionRow | undefined
  }

  /** The newest revision carrying this name (names need not be unique: "before holidays" twice is allowed). */
  byLabel(flowId: string, label: string): RevisionRow | undefined {
    return this.db
      .prepare(`SELECT ${COLUMNS} FROM flow_revisions WHERE flow_id = ? AND label = ? ORDER BY revision DESC LIMIT 1`)
      .get(flowId, label.normalize('NFC')) as RevisionRow | undefined
  }

  /** Names (or, with label null, unnames) a revision. False when the revision is no longer kept. */
  name(flowId: string, revision: number, label: string | null, description: string | null): boolean {
    return (
      this.db
        .prepare('UPDATE flow_revisions SET label = ?, description = ? WHERE flow_id = ? AND revision = ?')
        .run(label, label === null ? null : description, flowId, revision).changes > 0
    )
  }

  /** Publishing records which revision went to a server as which version, and names it when it has no name. */
  recordPublished(
    p: { serverId: string; flowId: string; version: number; revision: number; label: string },
    now: number,
  ) {
    this.db
      .prepare(
        `INSERT INTO published_revisions (server_id, flow_id, version, revision, published_at)
         VALUES (?, ?, ?, ?, ${LATER})
         ON CONFLICT (server_id, flow_id, version) DO UPDATE SET revision = excluded.revision,
           published_at = excluded.published_at`,
      )
      .run(p.serverId, p.flowId, p.version, p.revision, now, p.serverId, p.flowId)
    this.db
      .prepare('UPDATE flow_revisions SET label = ? WHERE flow_id = ? AND revision = ? AND label IS NULL')
      .run(p.label, p.flowId, p.revision)
  }

  /** A rollback on a server: the version it runs again is the newest it got from here. */
  rolledBack(serverId: string, flowId: string, version: number, now: number): void {
    this.db
      .prepare(
        `UPDATE published_revisions SET published_at = ${LATER} WHERE server_id = ? AND flow_id = ? AND version = ?`,
      )
      .run(now, serverId, flowId, serverId, flowId, version)
  }

  /** Per flow (one, or every flow) and server: the version this studio last made it run, with its revision's name. */
  published(flowId?: string): PublishedRow[] {
    return this.db
      .prepare(
        `SELECT p.flow_id AS flowId, p.server_id AS serverId, s.name AS serverName, p.version, p.revision,
                r.label, p.published_at AS publishedAt
           FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY server_id, flow_id ORDER BY published_at DESC, version DESC) AS n
                   FROM published_revisions WHERE (? IS NULL OR flow_id = ?)) p
           JOIN publish_servers s ON s.id = p.server_id
           JOIN flows f ON f.id = p.flow_id AND f.deleted_at IS NULL
           LEFT JOIN flow_revisions r ON r.flow_id = p.flow_id AND r.revision = p.revision
          WHERE p.n = 1
          ORDER BY p.flow_id, s.name COLLATE NOCASE`,
      )
      .all(flowId ?? null, flowId ?? null) as PublishedRow[]
  }

  /** Every version each revision of a flow was published as, by revision. */
  publishedAs(flowId: string): Map<number, Array<{ serverId: string; serverName: string; version: number }>> {
    const rows = this.db
      .prepare(
        `SELECT p.revision, p.server_id AS serverId, s.name AS serverName, p.version
           FROM published_revisions p JOIN publish_servers s ON s.id = p.server_id
          WHERE p.flow_id = ? ORDER BY p.published_at`,
      )
      .all(flowId) as Array<{ revision: number; serverId: string; serverName: string; version: number }>
    const out = new Map<number, Array<{ serverId: string; serverName: string; version: number }>>()
    for (const { revision, ...rest } of rows) out.set(revision, [...(out.get(revision) ?? []), rest])
    return out
  }
}
