// Production servers (name, base URL, API key) and the studio side of publishing: validate first, then call the
// runtime's publish API (docs/publish-api.md).
import type { Database } from 'better-sqlite3'
import { validateFlow, type FlowDocument } from '../../../shared/flow'
import type { PublishedVersion, PublishServer } from '../../../shared/api/commands/publish'
import { ApiFailure, notFound } from '../failure'
import { newId } from '../store/flows'
import { keyProtector, type KeyProtector } from './key-protector'
import type { PublishLibrary } from './library'
import type { ServiceFactory } from '../handlers/types'

interface Row {
  id: string
  name: string
  base_url: string
  key: string
  key_storage: KeyProtector['kind']
}

/** One client per back end: the publish commands and the logs of production servers (logs/remote.ts) share it. */
export const publishClient: ServiceFactory<PublishClient> = (ctx) => new PublishClient(ctx.db, () => ctx.now())

export class PublishClient {
  constructor(
    private readonly db: Database,
    private readonly now: () => number,
    private readonly protector: () => KeyProtector = keyProtector,
  ) {}

  list(): PublishServer[] {
    return (this.db.prepare('SELECT * FROM publish_servers ORDER BY name').all() as Row[]).map((r) => ({
      id: r.id,
      name: r.name,
      baseUrl: r.base_url,
      keyStorage: r.key_storage,
    }))
  }

  save(input: { id?: string; name: string; baseUrl: string; key?: string }): PublishServer {
    const p = this.protector()
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
  async publish(
    serverId: string,
    document: FlowDocument,
    library?: PublishLibrary,
  ): Promise<{ version: PublishedVersion; warnings: string[] }> {
    const problems = validateFlow(document)
    const errors = problems.filter((p) => p.severity === 'error')
    if (errors.length)
      throw new ApiFailure(
        'invalid_flow',
        `Fix ${errors.length} error${errors.length === 1 ? '' : 's'} before publishing: ${errors[0]!.message}`,
        errors.map((p) => ({ path: p.pointer.split('/').slice(1), message: p.message })),
      )
    const version = await this.request<PublishedVersion>(
      serverId,
      'POST',
      `/flows/${encodeURIComponent(document.id)}/versions`,
      library ? { document, library } : { document },
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
    if (server.key_storage !== this.protector().kind)
      throw new ApiFailure('unavailable', `The key of "${server.name}" was saved by another host; enter it again here.`)
    let res: Response
    try {
      res = await fetch(`${server.base_url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.protector().reveal(server.key)}`,
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
