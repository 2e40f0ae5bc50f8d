// Published flows in PostgreSQL, shared by every instance: their versions (flow_versions), the version each runs
// (published_flows), the library items a publish carries (pg-library.ts) and the flows' webhook secrets.
import type pg from 'pg'
import type { PublishedVersion } from '../../shared/api/commands/publish'
import type { FlowDocument } from '../../shared/flow/document'
import { readStoredFlow } from '../services/store/stored-flow'
import { EMPTY_LIBRARY, type PublishLibrary } from '../services/publish/library'
import { generateSecret, hashSecret, hintOf, verifyStoredSecret } from '../services/webhook/secrets'
import { NewerFlows } from './newer-flows'
import { writeLibrary } from './pg-library'
import { transaction, type Queryable } from './pg-transaction'

export class PgFlows {
  /** Documents by (flow, version): a stored version never changes, so only the pointer is read each time. */
  private readonly docs = new Map<string, FlowDocument>()
  private readonly newer = new NewerFlows()

  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
  ) {}

  publish(doc: FlowDocument, library: PublishLibrary = EMPTY_LIBRARY): Promise<PublishedVersion> {
    return transaction(this.pool, async (c) => {
      await c.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`flow:${doc.id}`])
      const { rows } = await c.query<{ v: number | null }>(
        'SELECT MAX(version) AS v FROM flow_versions WHERE flow_id = $1',
        [doc.id],
      )
      const version = (rows[0]?.v ?? 0) + 1
      const at = this.now()
      await c.query(
        'INSERT INTO flow_versions (flow_id, version, name, document, published_at) VALUES ($1, $2, $3, $4, $5)',
        [doc.id, version, doc.name, JSON.stringify(doc), at],
      )
      await writeLibrary(c, library, at)
      await activate(c, doc.id, version, at)
      return { flowId: doc.id, version, name: doc.name, publishedAt: at, active: true }
    })
  }

  async versions(flowId: string): Promise<PublishedVersion[]> {
    const { rows } = await this.pool.query(
      `SELECT v.version, v.name, v.published_at, (p.active_version = v.version) AS active FROM flow_versions v
       LEFT JOIN published_flows p ON p.flow_id = v.flow_id WHERE v.flow_id = $1 ORDER BY v.version DESC`,
      [flowId],
    )
    return rows.map((r) => ({
      flowId,
      version: r.version,
      name: r.name,
      publishedAt: r.published_at,
      active: r.active === true,
    }))
  }

  rollback(flowId: string, version: number): Promise<PublishedVersion | null> {
    return transaction(this.pool, async (c) => {
      const { rows } = await c.query(
        'SELECT name, published_at FROM flow_versions WHERE flow_id = $1 AND version = $2',
        [flowId, version],
      )
      if (!rows[0]) return null
      await activate(c, flowId, version, this.now())
      return { flowId, version, name: rows[0].name, publishedAt: rows[0].published_at, active: true }
    })
  }

  async runningFlows(): Promise<FlowDocument[]> {
    const { rows } = await this.pool.query<{ flow_id: string; active_version: number }>(
      'SELECT flow_id, active_version FROM published_flows ORDER BY flow_id',
    )
    const out: FlowDocument[] = []
    for (const r of rows) {
      const doc = await this.runnableOf(this.pool, r.flow_id, r.active_version)
      if (doc) out.push(doc)
    }
    return out
  }

  /** documentOf, or null when this build is older than one of its nodes (newer-flows.ts: logged, left out). */
  runnableOf(c: Queryable, flowId: string, version: number): Promise<FlowDocument | null> {
    return this.newer.runnableAsync(flowId, version, () => this.documentOf(c, flowId, version))
  }

  async runningFlow(flowId: string): Promise<FlowDocument | null> {
    const { rows } = await this.pool.query<{ active_version: number }>(
      'SELECT active_version FROM published_flows WHERE flow_id = $1',
      [flowId],
    )
    return rows[0] ? this.documentOf(this.pool, flowId, rows[0].active_version) : null
  }

  /** The document of a published version, parsed once per (flow, version); read on `c` (a contact's transaction). */
  async documentOf(c: Queryable, flowId: string, version: number): Promise<FlowDocument> {
    const key = `${flowId}@${version}`
    const cached = this.docs.get(key)
    if (cached) return cached
    const { rows } = await c.query<{ document: string }>(
      'SELECT document FROM flow_versions WHERE flow_id = $1 AND version = $2',
      [flowId, version],
    )
    const doc = readStoredFlow(rows[0]!.document)
    this.docs.set(key, doc)
    return doc
  }

  async verifySecret(flowId: string, key: string): Promise<boolean> {
    const { rows } = await this.pool.query<{ secret: string }>(
      'SELECT secret FROM webhook_secrets WHERE flow_id = $1',
      [flowId],
    )
    return verifyStoredSecret(key, rows[0]?.secret ?? null)
  }

  /** Only the digest and the last 4 characters are stored; the whole secret is answered once, here. */
  async ensureSecret(flowId: string, rotate: boolean): Promise<string | null> {
    const at = this.now()
    const secret = generateSecret()
    const sql = rotate
      ? `INSERT INTO webhook_secrets (flow_id, secret, hint, created_at, rotated_at) VALUES ($1, $2, $3, $4, $4)
         ON CONFLICT (flow_id) DO UPDATE SET secret = excluded.secret, hint = excluded.hint,
           rotated_at = excluded.rotated_at`
      : `INSERT INTO webhook_secrets (flow_id, secret, hint, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (flow_id) DO NOTHING`
    const { rowCount } = await this.pool.query(sql, [flowId, hashSecret(secret), hintOf(secret), at])
    return rowCount ? secret : null
  }
}

async function activate(c: Queryable, flowId: string, version: number, at: number): Promise<void> {
  await c.query(
    `INSERT INTO published_flows (flow_id, active_version, activated_at) VALUES ($1, $2, $3)
     ON CONFLICT (flow_id) DO UPDATE SET active_version = excluded.active_version, activated_at = excluded.activated_at`,
    [flowId, version, at],
  )
}
