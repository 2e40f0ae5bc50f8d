import type { FlowRecord } from '../../shared/api'
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

/** Loads and opens the comparison the address asks for; a side that cannot be read is said, the flow opens anyway. */
export async function openFromAddress(flow: FlowRecord, hash: string): Promise<string | null> {
  const p = compareParam(hash)
  if (!p) return null
  const [a, b] = await Promise.all([
    revisionSide(flow.id, p.from),
    p.to === null ? ({ ok: true, side: DRAFT } as Loaded) : revisionSide(flow.id, p.to),
  ])
  if (!a.ok) return a.message
  if (!b.ok) return b.message
  const [before, after] = ordered(a.side, b.side)
  useCompareStore.getState().open(flow.id, before, after)
  return null
}
