// Flow Logs of a production runtime, read over its publish API with the server's saved key (docs/publish-api.md,
// "Flow Logs of a runtime"): the studio's logs commands with a `serverId` come here instead of the local database.
import type { LogCursor, LogFilter, LogRun, LogTrace } from '../../../shared/api/commands/logs'
import { ApiFailure } from '../../services/failure'
import type { PublishClient } from '../publish/servers'
import type { LogSource } from '../../services/logs/source'

/** The list's query string: filters as plain parameters, the cursor as `<startedAt>:<seq>`. */
export function listQuery(filter: LogFilter, after: LogCursor | undefined, limit: number): string {
  const q = new URLSearchParams()
  if (filter.status?.length) q.set('status', filter.status.join(','))
  if (filter.triggerKind?.length) q.set('trigger', filter.triggerKind.join(','))
  if (filter.contact) q.set('contact', filter.contact)
  if (filter.text) q.set('text', filter.text)
  if (filter.from !== undefined) q.set('from', String(filter.from))
  if (filter.to !== undefined) q.set('to', String(filter.to))
  if (filter.delivery) q.set('delivery', filter.delivery)
  if (filter.waiting) q.set('waiting', filter.waiting)
  if (after) q.set('after', `${after.startedAt}:${after.seq}`)
  q.set('limit', String(limit))
  return q.toString()
}

/** A server older than due times sends rows without `wakeAt`: read as not waiting on time. */
const withWake = (r: LogRun): LogRun => ({ ...r, wakeAt: r.wakeAt ?? null })

export function remoteSource(client: PublishClient, serverId: string): LogSource {
  const flow = (id: string) => `/flows/${encodeURIComponent(id)}`
  return {
    list: async (flowId, filter, after, limit) => {
      const page = await client.request<{ runs: LogRun[]; next: LogCursor | null }>(
        serverId,
        'GET',
        `${flow(flowId)}/runs?${listQuery(filter, after, limit)}`,
      )
      return { ...page, runs: page.runs.map(withWake) }
    },
    triggerKinds: async (flowId) =>
      (await client.request<{ triggerKinds: string[] }>(serverId, 'GET', `${flow(flowId)}/runs/facets`)).triggerKinds,
    async run(runId) {
      try {
        const trace = await client.request<LogTrace>(serverId, 'GET', `/runs/${encodeURIComponent(runId)}`)
        return { ...trace, run: withWake(trace.run) }
      } catch (err) {
        if (err instanceof ApiFailure && err.code === 'not_found') return null
        throw err
      }
    },
    rows: async (ids) =>
      ids.length
        ? (await client.request<{ runs: LogRun[] }>(serverId, 'POST', '/runs/rows', { ids })).runs.map(withWake)
        : [],
  }
}
