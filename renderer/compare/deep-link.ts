import { useEffect } from 'react'
import type { FlowRecord } from '../../shared/api'
import type { EditorStore } from '../editor/store'
import type { KeptRevision } from '../../shared/api/commands/compare'
import { api } from '../api'
import { useCompareStore, type Side } from './compare-store'
import { DRAFT } from './open-sides'
import { seedComparison } from './useComparison'

// A comparison as an address: #/flows/<id>?compare=3 (revision 3 with the draft) or ?compare=3..5 (two revisions).
// The editor loads the sides with the flow, so the canvas is drawn once, with its marks (the canvas benchmark's diff
// case opens this way, docs/canvas.md).

export function compareParam(hash: string): { from: number; to: number | null } | null {
  const m = /[?&]compare=(\d+)(?:\.\.(\d+))?(?:&|$)/.exec(hash)
  if (!m) return null
  return { from: Number(m[1]), to: m[2] ? Number(m[2]) : null }
}

/**
 * Starts loading the sides the address asks for, beside the flow itself (one round trip, not two); the result opens
 * the comparison, or says why not (the flow opens anyway), once the flow is there.
 */
export function loadFromAddress(flowId: string, hash: string): (flow: FlowRecord) => Promise<string | null> {
  const p = compareParam(hash)
  if (!p) return async () => null
  // The back end reads the revisions and compares them (with the flow as stored, for the draft) while this page
  // reads the flow: the canvas is then drawn once, with its marks, and this thread only draws.
  const compared = api.call('compare.revisions', { flowId, revision: p.from, ...(p.to === null ? {} : { to: p.to }) })
  return async (flow) => {
    const r = await compared
    if (!r.ok) return r.error.message
    const { before, after, draftRevision, comparison } = r.value
    const side = (k: KeptRevision): Side => ({
      kind: 'revision',
      label: k.label ? `Revision ${k.revision} “${k.label}”` : `Revision ${k.revision}`,
      revision: k.revision,
      doc: k.document,
    })
    const newer = after ? side(after) : DRAFT
    // Compared with the draft as it was stored: the comparison holds when the page read that same revision.
    if (after) seedComparison(before.document, after.document, comparison)
    else if (flow.revision === draftRevision) seedComparison(before.document, flow.document, comparison)
    useCompareStore.getState().open(flow.id, side(before), newer)
    return null
  }
}

/** An address changed to ask for a comparison while the flow is open (pasted, or a link followed) opens it too. */
export function useCompareAddress(flow: FlowRecord, store: EditorStore): void {
  useEffect(() => {
    const onHash = () => {
      if (!compareParam(location.hash)) return
      void loadFromAddress(
        flow.id,
        location.hash,
      )(flow).then((problem) => {
        if (problem) store.getState().setNotice(`The comparison could not be opened: ${problem}`)
      })
    }
    window.addEventListener('hashchange', onHash)
    return () => window.removeEventListener('hashchange', onHash)
  }, [flow, store])
}
