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
import { flowsToRead, planPublish, publishedOf, type StoredHead } from '../services/publish/callees'

export class PgFlows {
  /** Documents by (flow, version): a stored version never changes, so only the pointer is read each time. */
  private readonly docs = new Map<string, FlowDocument>()
  private readonly newer = new NewerFlows()

  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
  ) {}

  /**
   * Stores the flow's next version and runs it, with the versions of its callees it needs (callees.ts: a changed
   * callee becomes its flow's next version, stored only; an unchanged one is reused), pinned, in one transaction.
   */
  publish(
    doc: FlowDocument,
    library: PublishLibrary = EMPTY_LIBRARY,
    callees: FlowDocument[] = [],
  ): Promise<PublishedVersion> {
    const checked = { root: doc, dependencies: callees }
    return transaction(this.pool, async (c) => {
      const ids = flowsToRead(checked).sort()
      // Every flow this publish writes or pins, locked in one order: two publishes sharing a callee cannot deadlock.
      for (const id of ids) await c.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`flow:${id}`])
      const heads = new Map<string, StoredHead | null>()
      const active = new Map<string, number | null>()
      for (const id of ids) {
        heads.set(id, await this.head(c, id))
        const { rows } = await c.query<{ v: number }>(
          'SELECT active_version AS v FROM published_flows WHERE flow_id = $1',
          [id],
        )
        active.set(id, rows[0]?.v ?? null)
      }
      // The document each flow runs now (a callee not sent is checked as pinned: at its running version).
      const running = new Map<string, FlowDocument>()
      for (const [id, v] of active) {
        const head = heads.get(id)
        if (v === null) continue
        running.set(id, head?.version === v ? head.document : await this.documentOf(c, id, v))
      }
      const plan = planPublish(checked, {
        head: (id) => heads.get(id) ?? null,
        active: (id) => active.get(id) ?? null,
        running: (id) => running.get(id) ?? null,
      })
      const at = this.now()
      for (const w of plan.writes) {
        await c.query(
          'INSERT INTO flow_versions (flow_id, version, name, document, published_at) VALUES ($1, $2, $3, $4, $5)',
          [w.doc.id, w.version, w.doc.name, JSON.stringify(w.doc), at],
        )
        for (const [callee, version] of Object.entries(w.calls))
          await c.query(
            'INSERT INTO flow_version_calls (flow_id, version, callee_id, callee_version) VALUES ($1, $2, $3, $4)',
            [w.doc.id, w.version, callee, version],
          )
      }
      await writeLibrary(c, library, at)
      await activate(c, doc.id, plan.root.version, at)
      return publishedOf(plan, at)
    })
  }

  /** The latest stored version of a flow with its pins (callees.ts), or null for a flow never published. */
  private async head(c: Queryable, flowId: string): Promise<StoredHead | null> {
    const { rows } = await c.query<{ version: number }>(
      'SELECT MAX(version) AS version FROM flow_versions WHERE flow_id = $1',
      [flowId],
    )
    const version = rows[0]?.version
    if (version === null || version === undefined) return null
    const pins = await c.query<{ callee_id: string; callee_version: number }>(
      'SELECT callee_id, callee_version FROM flow_version_calls WHERE flow_id = $1 AND version = $2',
      [flowId, version],
    )
    return {
      version,
      document: await this.documentOf(c, flowId, version),
      calls: Object.fromEntries(pins.rows.map((r) => [r.callee_id, r.callee_version])),
    }
  }

  /**
   * The callee's version pinned to a caller's version, with its document (what a call runs), or null. `callerVersion`
   * null: the version the caller runs now (`running` when the caller read it already, as a contact's transaction has).
   */
  async calledFlow(
    c: Queryable,
    callerId: string,
    callerVersion: number | null,
    calleeId: string,
    running?: number,
  ): Promise<{ doc: FlowDocument; version: number } | null> {
    let version = callerVersion ?? running ?? null
    if (version === null) {
      const { rows } = await c.query<{ v: number }>(
        'SELECT active_version AS v FROM published_flows WHERE flow_id = $1',
        [callerId],
      )
      version = rows[0]?.v ?? null
    }
    if (version === null) return null
    const { rows } = await c.query<{ v: number }>(
      'SELECT callee_version AS v FROM flow_version_calls WHERE flow_id = $1 AND version = $2 AND callee_id = $3',
      [callerId, version, calleeId],
    )
    const pinned = rows[0]?.v
    return pinned === undefined ? null : { doc: await this.documentOf(c, calleeId, pinned), version: pinned }
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

  /** A stored version's document for a run pinned to it (ContactTx.versionFlow); null when there is no such version. */
  async versionOf(c: Queryable, flowId: string, version: number): Promise<FlowDocument | null> {
    if (!this.docs.has(`${flowId}@${version}`)) {
      const { rows } = await c.query('SELECT 1 FROM flow_versions WHERE flow_id = $1 AND version = $2', [
        flowId,
        version,
      ])
      if (!rows.length) return null
    }
    return this.runnableOf(c, flowId, version)
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
  // Another version runs now (a publish, a rollback, the end of a split): a split of the flow ends with it
  // (docs/runtime.md, "A/B split"); runs it started go on with their versions.
  await c.query('DELETE FROM flow_splits WHERE flow_id = $1', [flowId])
  await c.query('DELETE FROM flow_split_assignments WHERE flow_id = $1', [flowId])
}
