// A production server's broadcasts through its publish API (docs/publish-api.md, "Broadcasts"), with the server's
// saved, encrypted key as publishing uses it (PublishClient.request): the studio's broadcasts.* commands with a
// `serverId` target come here.
import type {
  BroadcastSpec,
  BroadcastView,
  DryRunReport,
  RecipientState,
  RecipientView,
} from '../../../shared/broadcast'
import { resultsCsv, resultsFileName } from '../../../shared/broadcast'
import type { PublishClient } from '../publish/servers'

const PAGE = 500

export function remoteBroadcasts(client: PublishClient, serverId: string) {
  const one = (id: string) => `/broadcasts/${encodeURIComponent(id)}`
  const request = <T>(method: string, path: string, body?: unknown) => client.request<T>(serverId, method, path, body)
  const recipients = (id: string, opts: { state?: RecipientState; after?: number; limit: number }) => {
    const q = new URLSearchParams({ limit: String(opts.limit) })
    if (opts.state) q.set('state', opts.state)
    if (opts.after !== undefined) q.set('after', String(opts.after))
    return request<{ recipients: RecipientView[]; next: number | null }>('GET', `${one(id)}/recipients?${q}`)
  }
  return {
    dryRun: (spec: BroadcastSpec) => request<DryRunReport>('POST', '/broadcasts/dry-run', spec),
    create: (spec: BroadcastSpec) => request<BroadcastView>('POST', '/broadcasts', spec),
    list: async () => (await request<{ broadcasts: BroadcastView[] }>('GET', '/broadcasts')).broadcasts,
    get: (id: string) => request<BroadcastView>('GET', one(id)),
    recipients,
    pause: (id: string) => request<BroadcastView>('POST', `${one(id)}/pause`, {}),
    resume: (id: string) => request<BroadcastView>('POST', `${one(id)}/resume`, {}),
    cancel: (id: string) => request<BroadcastView>('POST', `${one(id)}/cancel`, {}),
    /** Built here from the recipients' pages (the same columns as the server's results.csv). */
    async resultsCsv(id: string): Promise<{ fileName: string; text: string }> {
      const view = await request<BroadcastView>('GET', one(id))
      const all: RecipientView[] = []
      for (;;) {
        const page = await recipients(id, { after: all.at(-1)?.seq, limit: PAGE })
        all.push(...page.recipients)
        if (page.next === null) break
      }
      return { fileName: resultsFileName(view.name, view.id), text: resultsCsv(all) }
    },
  }
}
