import type { Database } from 'better-sqlite3'
import type { PublishPreview } from '../../../shared/api/commands/publish'
import type { FlowDocument } from '../../../shared/flow/document'
import { loadFlow } from '../../../shared/nodes/load-flow'
import { validateFlow } from '../../../shared/analysis'
import { compareFlows, summarize } from '../../../shared/diff'
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
      lines: [],
      comparison: null,
      note: `The server's history could not be read: ${err instanceof Error ? err.message : String(err)}`,
    }
  }
  if (running === undefined)
    return {
      since: null,
      lines: [],
      comparison: null,
      note: 'Not published on this server yet: the whole flow is new there.',
    }
  const before = sentDocument(db, serverId, doc.id, running)
  if (!before) {
    return {
      since: running,
      lines: [],
      comparison: null,
      note: `Version ${running} on this server was not published from this studio, so what changed since cannot be shown.`,
    }
  }
  const comparison = compareFlows(before, doc)
  const lines = summarize(comparison)
  return { since: running, lines, comparison, note: lines.length ? null : `No changes since version ${running}.` }
}

export async function publishPreview(
  db: Database,
  client: PublishClient,
  serverId: string,
  doc: FlowDocument,
): Promise<PublishPreview> {
  const problems = validateFlow(doc)
  const cov = flowCoverage(db, doc)
  return {
    errors: problems.filter((p) => p.severity === 'error').map((p) => p.message),
    warnings: problems.filter((p) => p.severity === 'warning').map((p) => p.message),
    untested: cov.branches
      .filter((b) => !b.covered)
      .map((b) => ({ nodeName: b.nodeName, portLabel: b.portLabel, connected: b.edgeId !== null })),
    coverage: { covered: cov.covered, total: cov.total, percent: cov.percent },
    changes: await changes(db, client, serverId, doc),
  }
}
