// The flows a publish sends with its flow: every flow it calls, transitively, as this studio holds them now
// (docs/publish-api.md, "Callees"). A call to a flow the studio does not have refuses the publish here, before
// anything is sent, as the server would.
import type { FlowDocument } from '../../../shared/flow/document'
import { dependenciesOf } from '../../../shared/analysis/call-deps'
import { ApiFailure } from '../../services/failure'
import type { FlowStore } from '../../services/store/flows'
import type { Database } from 'better-sqlite3'
import type { PublishDependencyPreview } from '../../../shared/api/commands/publish'
import { compareFlows, summarize } from '../../../shared/diff'
import { sentDocument } from './preview'
import type { PublishClient } from './servers'

export function calleesToSend(store: FlowStore, doc: FlowDocument): FlowDocument[] {
  const found = dependenciesOf([doc], (id) => {
    try {
      return store.get(id).document
    } catch {
      return undefined
    }
  })
  const missing = found.missing[0]
  if (missing) {
    const caller = missing.callerId === doc.id ? doc : found.docs.find((d) => d.id === missing.callerId)
    throw new ApiFailure(
      'callee_missing',
      `"${caller?.name ?? missing.callerId}" calls a flow (id ${missing.flowId}) this studio does not have, so it ` +
        'cannot be sent with it. Choose another flow in that Call Flow node, or import the missing flow.',
    )
  }
  return found.docs
}

/**
 * What the Publish dialog lists of the callees: each one's changes since the latest version the server holds (the
 * one the server reuses when the document has not changed), from the documents this studio recorded as sent.
 */
export async function calleesPreview(
  db: Database,
  client: PublishClient,
  serverId: string,
  callees: FlowDocument[],
): Promise<PublishDependencyPreview[]> {
  return Promise.all(
    callees.map(async (doc): Promise<PublishDependencyPreview> => {
      const base = { flowId: doc.id, name: doc.name }
      let latest: number | undefined
      try {
        latest = (await client.versions(serverId, doc.id)).reduce<number | undefined>(
          (m, v) => (m === undefined || v.version > m ? v.version : m),
          undefined,
        )
      } catch (err) {
        const why = err instanceof Error ? err.message : String(err)
        return { ...base, since: null, lines: [], note: `The server's history of it could not be read: ${why}` }
      }
      if (latest === undefined) return { ...base, since: null, lines: [], note: 'New on this server: sent whole.' }
      const before = sentDocument(db, serverId, doc.id, latest)
      if (!before)
        return {
          ...base,
          since: latest,
          lines: [],
          note: `Version ${latest} on this server was not published from this studio, so what changed cannot be shown.`,
        }
      const lines = summarize(compareFlows(before, doc))
      return {
        ...base,
        since: latest,
        lines,
        note: lines.length ? null : `Unchanged since version ${latest}: the server reuses it.`,
      }
    }),
  )
}
