// Traffic of a production runtime, read over its publish API with the server's saved key (docs/publish-api.md,
// "Traffic of a runtime"), as Flow Logs read its runs: the studio's traffic commands with a `serverId` come here.
// The server's errors (a refused key, a bad period, a server that cannot be reached) reach the user as the
// PublishClient's ApiFailures, exactly as in Flow Logs.
import type { FunnelQuery, TrafficQuery } from '../../../shared/api/commands/traffic'
import type { TrafficSource } from '../../services/traffic/source'
import type { PublishClient } from '../publish/servers'

/** The period's query string, as the publish API reads it (from, to, version, and goal for the funnel). */
export function trafficQuery(q: TrafficQuery & { goal?: string }): string {
  const p = new URLSearchParams({ from: q.from, to: q.to })
  if (q.version !== undefined) p.set('version', String(q.version))
  if (q.goal !== undefined) p.set('goal', q.goal)
  return p.toString()
}

// Only the reads the overlay needs: TrafficSource may grow (other lanes' queries) without this having to.
export type TrafficReads = Pick<TrafficSource, 'report' | 'funnel'>

export function remoteTraffic(client: PublishClient, serverId: string): TrafficReads {
  const flow = (id: string) => `/flows/${encodeURIComponent(id)}`
  return {
    report: (q: TrafficQuery) => client.request(serverId, 'GET', `${flow(q.flowId)}/traffic?${trafficQuery(q)}`),
    funnel: (q: FunnelQuery) => client.request(serverId, 'GET', `${flow(q.flowId)}/funnel?${trafficQuery(q)}`),
  }
}
