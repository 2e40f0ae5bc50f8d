import type { FlowDocument } from '../../shared/flow/document'
import { parseFlow } from '../../shared/nodes/load-flow'
import { api } from '../api'
import type { Side } from './compare-store'

// Loading the sides a comparison is opened with: kept revisions through the back end, files through the one loader
// (migrated and checked like an import, so a file of an older format compares as its current shape).

export type Loaded = { ok: true; side: Side } | { ok: false; message: string }

export async function revisionSide(flowId: string, revision: number): Promise<Loaded> {
  const r = await api.call('revisions.get', { flowId, revision })
  if (!r.ok) return { ok: false, message: r.error.message }
  const label = r.value.label ? `Revision ${revision} “${r.value.label}”` : `Revision ${revision}`
  return { ok: true, side: { kind: 'revision', label, revision, doc: r.value.document } }
}

export async function fileSide(file: File): Promise<Loaded> {
  const text = await file.text()
  const loaded = parseFlow(text)
  if (!loaded.ok)
    return { ok: false, message: `${file.name} is not a flow this studio can read: ${loaded.error.message}` }
  return { ok: true, side: { kind: 'file', label: file.name, doc: loaded.document as FlowDocument } }
}

export const DRAFT: Side = { kind: 'draft', label: 'Draft' }

export async function serverSide(serverId: string, flowId: string): Promise<Loaded> {
  const r = await api.call('compare.serverSide', { serverId, flowId })
  if (!r.ok) return { ok: false, message: r.error.message }
  const { serverName, version, document } = r.value
  return { ok: true, side: { kind: 'server', label: `${serverName} (version ${version})`, doc: document } }
}
