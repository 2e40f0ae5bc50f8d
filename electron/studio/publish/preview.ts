import type { Database } from 'better-sqlite3'
import type { PublishPreview } from '../../../shared/api/commands/publish'
import type { FlowDocument } from '../../../shared/flow/document'
import { loadFlow } from '../../../shared/nodes/load-flow'
import { validateFlow } from '../../../shared/analysis'
import { compareFlows, summarize } from '../../../shared/diff'
import { RevisionStore } from '../../services/store/revisions'
import { flowCoverage } from '../coverage/store'
import type { PublishClient } from './servers'

// The Publish dialog's look before a publish. The publish API (docs/publish-api.md) lists a server's versions but
// does not hand back a version's document, so the studio keeps every document it sends, per server, flow and
// version (the settings table), and compares the flow with the one the server runs now. A running version that
// this studio did not send (another studio, or a record lost with an old database) is said so, not guessed.

const key = (serverId: string, flowId: string, version: number) => `publish.sent/${serverId}/${flowId}/${version}`

export function recordSent(db: Database, serverId: string, document: FlowDocument, version: number, now: number): void {
  db.prepare(
    `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  ).run(key(serverId, document.id, version), JSON.stringify(document), now)
}

export function sentDocument(db: Database, serverId: string, flowId: string, version: number): FlowDocument | null {
  const raw = db
    .prepare('SELECT value FROM settings WHERE key = ?')
    .pluck()
    .get(key(serverId, flowId, version)) as string | undefined
  if (!raw) return null
  // Sent by this studio, maybe before an upgrade: read like any stored document, nodes at this build's versions.
  const loaded = loadFlow(JSON.parse(raw))
  return loaded.ok ? loaded.document : null
}

async function changes(
  db: Database,
  client: PublishClient,
  serverId: string,
  doc: FlowDocument,
): Promise<PublishPreview['changes']> {
  let running: number | undefined
  try {
    running = (await client.versions(serverId, doc.id)).find((v) => v.active)?.version
  } catch (err) {
    return {
      since: null,
      sinceLabel: null,
      lines: [],
      comparison: null,
      note: `The server's history could not be read: ${err instanceof Error ? err.message : String(err)}`,
    }
  }
  if (running === undefined)
    return {
      since: null,
      sinceLabel: null,
      lines: [],
      comparison: null,
      note: 'Not published on this server yet: the whole flow is new there.',
    }
  const before = sentDocument(db, serverId, doc.id, running)
  if (!before) {
    return {
      since: running,
      sinceLabel: null,
      lines: [],
      comparison: null,
      note: `Version ${running} on this server was not published from this studio, so what changed since cannot be shown.`,
    }
  }
  const comparison = compareFlows(before, doc)
  const lines = summarize(comparison)
  return {
    since: running,
    sinceLabel: publishedLabel(db, serverId, doc.id, running),
    lines,
    comparison,
    note: lines.length ? null : `No changes since version ${running}.`,
  }
}

/** The name of the revision a server's version was published from, when this studio published it. */
function publishedLabel(db: Database, serverId: string, flowId: string, version: number): string | null {
  const row = db
    .prepare(
      `SELECT r.label FROM published_revisions p
         JOIN flow_revisions r ON r.flow_id = p.flow_id AND r.revision = p.revision
        WHERE p.server_id = ? AND p.flow_id = ? AND p.version = ?`,
    )
    .get(serverId, flowId, version) as { label: string | null } | undefined
  return row?.label ?? null
}

export async function publishPreview(
  db: Database,
  client: PublishClient,
  serverId: string,
  doc: FlowDocument,
  revision: number,
): Promise<PublishPreview> {
  const problems = validateFlow(doc)
  const cov = flowCoverage(db, doc)
  const named = new RevisionStore(db).get(doc.id, revision)
  return {
    revision: { revision, label: named?.label ?? null, description: named?.description ?? null },
    errors: problems.filter((p) => p.severity === 'error').map((p) => p.message),
    warnings: problems.filter((p) => p.severity === 'warning').map((p) => p.message),
    untested: cov.branches
      .filter((b) => !b.covered)
      .map((b) => ({ nodeName: b.nodeName, portLabel: b.portLabel, connected: b.edgeId !== null })),
    coverage: { covered: cov.covered, total: cov.total, percent: cov.percent },
    changes: await changes(db, client, serverId, doc),
  }
}
