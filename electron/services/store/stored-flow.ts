import type { FlowDocument } from '../../../shared/flow/document'
import { upgradeNodes } from '../../../shared/nodes/load-flow'
import { ApiFailure } from '../failure'

// Documents kept in a store (a flow, a revision, a published version) were checked when they were written, but maybe
// by an older build: their nodes are brought to this build's node versions each time they are read, and one written
// by a newer build is refused with the node and versions named, never run as if it were the old shape.

/** A stored document's JSON, read with its nodes at this build's versions. Throws ApiFailure('node.newer', …). */
export function readStoredFlow(json: string): FlowDocument {
  return currentNodes(JSON.parse(json) as FlowDocument)
}

/** A document already decoded (a stored row, or one a client sent), with its nodes at this build's versions. */
export function currentNodes(document: FlowDocument): FlowDocument {
  const r = upgradeNodes(document)
  if (!r.ok)
    throw new ApiFailure(r.error.code, r.error.message, [
      { path: r.error.pointer.split('/').slice(1), message: r.error.message },
    ])
  return r.document
}

/**
 * The document as a store keeps it: without `debug` (breakpoints a file may carry, docs/flow-format.md
 * "Breakpoints"), which the studio keeps beside the flow, never in it.
 */
export function storableFlow(document: FlowDocument): FlowDocument {
  if (document.debug === undefined) return document
  const { debug: _debug, ...rest } = document
  return rest
}
