// Production servers (name, base URL, API key) and the studio side of publishing: validate first, then call the
// runtime's publish API (docs/publish-api.md).
import type { Database } from 'better-sqlite3'
import { validateFlow } from '../../../shared/analysis'
import type { FlowDocument } from '../../../shared/flow'
import type { PublishedVersion, PublishServer } from '../../../shared/api/commands/publish'
import { ApiFailure, notFound } from '../../services/failure'
import { newId } from '../../services/store/flows'
import type { KeyProtector } from './key-protector'
import { publishKeys, type PublishKeys } from './key-file'
import type { PublishLibrary } from '../../services/publish/library'
import type { ServiceFactory } from '../handlers/types'

interface Row {
  id: string
  name: string
  base_url: string
  key: string
  key_storage: KeyProtector['kind']
}

/**
 * One client per back end: the publish commands and the logs of production servers (logs/remote.ts) share it.
 * Made when the back end starts (services.ts), so keys an older version stored unencrypted are encrypted at once.
 */
export const publishClient: ServiceFactory<PublishClient> = (ctx) => {
  const client = new PublishClient(ctx.db, () => ctx.now(), publishKeys(ctx.dataDir, ctx.log))
  try {
    const done = client.reprotect()
    if (done)
      ctx.log(
        `Encrypted the API key of ${done} production server${done === 1 ? '' : 's'} saved unencrypted by an older version.`,
      )
  } catch (err) {
    // A bad CHATFLOW_SECRETS_KEY: the keys stay as they were and publishing says why.
    ctx.log(
      `Could not encrypt the saved API keys of production servers: ${err instanceof Error ? err.message : String(err)}`,
    )
  }
  return client
}

export class PublishClient {
  constructor(
    private readonly db: Database,
    private readonly now: () => number,
    readonly keys: PublishKeys,
  ) {}

  /** Encrypts the keys older versions stored as typed ('plain'); returns how many. One transaction. */
  reprotect(): number {
    const plain = this.db.prepare("SELECT id, key FROM publish_servers WHERE key_storage = 'plain'").all() as Array<{
      id: string
      key: string
    }>
    if (!plain.length) return 0
    const p = this.keys.current()
    const set = this.db.prepare('UPDATE publish_servers SET key = ?, key_storage = ? WHERE id = ?')
    this.db.transaction(() => plain.forEach((r) => set.run(p.protect(r.key), p.kind, r.id)))()
    return plain.length
  }

  list(): PublishServer[] {
    return (this.db.prepare('SELECT * FROM publish_servers ORDER BY name').all() as Row[]).map((r) => ({
      id: r.id,
      name: r.name,
      baseUrl: r.base_url,
      keyStorage: r.key_storage,
    }))
  }

  save(input: { id?: string; name: string; baseUrl: string; key?: string }): PublishServer {
    const p = this.keys.current()
    const existing = input.id ? this.row(input.id) : null
    if (!existing && !input.key) throw new ApiFailure('bad_request', 'A new server needs its API key.')
    const key = input.key ? p.protect(input.key) : existing!.key
    const storage = input.key ? p.kind : existing!.key_storage
    const id = existing?.id ?? newId('srv')
    try {
      this.db
        .prepare(
          `INSERT INTO publish_servers (id, name, base_url, key, key_storage, created_at) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET name = excluded.name, base_url = excluded.base_url, key = excluded.key, key_storage = excluded.key_storage`,
        )
        .run(id, input.name, input.baseUrl.replace(/\/+$/, ''), key, storage, this.now())
    } catch (err) {
      if (String(err).includes('UNIQUE')) throw new ApiFailure('conflict', `A server named "${input.name}" exists.`)
      throw err
    }
    return this.list().find((s) => s.id === id)!
  }

  delete(id: string): void {
    if (this.db.prepare('DELETE FROM publish_servers WHERE id = ?').run(id).changes === 0) throw notFound('Server', id)
  }

  /** Errors block (nothing is sent); warnings are returned with the new version. */
  /** `library`: the templates and products the flow uses, stored by the runtime with the version. */
  /** `callees`: the documents of the flows it calls, transitively (sent as `dependencies`, checked the same way). */
  async publish(
    serverId: string,
    document: FlowDocument,
    library?: PublishLibrary,
    callees: FlowDocument[] = [],
  ): Promise<{ version: PublishedVersion; warnings: string[] }> {
    const problems = validateFlow(document)
    const errors = problems.filter((p) => p.severity === 'error')
    if (errors.length)
      throw new ApiFailure(
        'invalid_flow',
        `Fix ${errors.length} error${errors.length === 1 ? '' : 's'} before publishing: ${errors[0]!.message}`,
        errors.map((p) => ({ path: p.pointer.split('/').slice(1), message: p.message })),
      )
    for (const callee of callees) {
      const wrong = validateFlow(callee).filter((p) => p.severity === 'error')
      if (wrong.length)
        throw new ApiFailure(
          'invalid_flow',
          `"${callee.name}", which this flow calls, has ${wrong.length} error${wrong.length === 1 ? '' : 's'}: ` +
            `${wrong[0]!.message} Fix it before publishing.`,
        )
    }
    const version = await this.request<PublishedVersion>(
      serverId,
      'POST',
      `/flows/${encodeURIComponent(document.id)}/versions`,
      { document, ...(callees.length ? { dependencies: callees } : {}), ...(library ? { library } : {}) },
    )
    return { version, warnings: problems.filter((p) => p.severity === 'warning').map((p) => p.message) }
  }

  async versions(serverId: string, flowId: string): Promise<PublishedVersion[]> {
    return (
      await this.request<{ versions: PublishedVersion[] }>(
        serverId,
        'GET',
        `/flows/${encodeURIComponent(flowId)}/versions`,
      )
    ).versions
  }

  rollback(serverId: string, flowId: string, version: number): Promise<PublishedVersion> {
    return this.request<PublishedVersion>(serverId, 'POST', `/flows/${encodeURIComponent(flowId)}/rollback`, {
      version,
    })
  }

  private row(id: string): Row {
    const row = this.db.prepare('SELECT * FROM publish_servers WHERE id = ?').get(id) as Row | undefined
    if (!row) throw notFound('Server', id)
    return row
  }

  /** One call to the server's API (path after its base URL) with its saved key; failures become ApiFailures. */
  async request<T>(serverId: string, method: string, path: string, body?: unknown): Promise<T> {
    const server = this.row(serverId)
    const reader = this.keys.reader(server.key_storage)
    if (!reader)
      throw new ApiFailure(
        'unavailable',
        `The key of "${server.name}" was saved by the desktop app, sealed by the operating system's key store; enter it again here.`,
      )
    const key = reader.reveal(server.key)
    let res: Response
    try {
      res = await fetch(`${server.base_url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(30_000),
      })
    } catch (err) {
      throw new ApiFailure(
        'unavailable',
        `"${server.name}" cannot be reached at ${server.base_url}: ${err instanceof Error ? err.message : String(err)}`,
      )
    }
    const answer = (await res.json().catch(() => null)) as
      (T & { error?: { code: string; message: string; issues?: [] } }) | null
    if (res.ok && answer) return answer
    const error = answer?.error
    throw new ApiFailure(
      error?.code ?? 'remote_error',
      `"${server.name}" answered ${res.status}: ${error?.message ?? 'no explanation'}`,
      error?.issues,
    )
  }
}
