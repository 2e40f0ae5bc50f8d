import { useEffect } from 'react'
import type { FlowRecord } from '../../shared/api'
import type { EditorStore } from '../editor/store'
import { ordered, useCompareStore } from './compare-store'
import { DRAFT, revisionSide, type Loaded } from './open-sides'

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
  const sides = Promise.all([
    revisionSide(flowId, p.from),
    p.to === null ? ({ ok: true, side: DRAFT } as Loaded) : revisionSide(flowId, p.to),
  ])
  return async (flow) => {
    const [a, b] = await sides
    if (!a.ok) return a.message
    if (!b.ok) return b.message
    const [before, after] = ordered(a.side, b.side)
    useCompareStore.getState().open(flow.id, before, after)
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
