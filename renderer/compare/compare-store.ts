import { create } from 'zustand'
import type { FlowDocument } from '../../shared/flow/document'

// Which two sides the editor compares (docs/canvas.md, "Comparing revisions"). The canvas and the compare panel read
// it from here, as they read the emulator's overlay from overlay-store.ts: neither imports the other.

/** One side of a comparison. The draft is the editor's document, live: restoring into it updates the comparison. */
export type Side =
  | { kind: 'draft'; label: string }
  | { kind: 'revision'; label: string; revision: number; doc: FlowDocument }
  | { kind: 'file'; label: string; doc: FlowDocument }
  | { kind: 'server'; label: string; doc: FlowDocument }

export interface CompareStore {
  flowId: string | null
  before: Side | null
  after: Side | null
  /** The change (a node's, an edge's or 'flow') chosen in the list or on the canvas. */
  selected: string | null
  open(flowId: string, before: Side, after: Side): void
  close(): void
  select(id: string | null): void
}

export const useCompareStore = create<CompareStore>((set) => ({
  flowId: null,
  before: null,
  after: null,
  selected: null,
  open: (flowId, before, after) => set({ flowId, before, after, selected: null }),
  close: () => set({ flowId: null, before: null, after: null, selected: null }),
  select: (selected) => set({ selected }),
}))

/** The document a side stands for: the draft's is the editor's. */
export const docOf = (side: Side, draft: FlowDocument): FlowDocument => (side.kind === 'draft' ? draft : side.doc)

/** Older side first: a revision before the draft, a lower revision before a higher one; files as they were picked. */
export function ordered(a: Side, b: Side): [Side, Side] {
  if (a.kind === 'draft' && b.kind !== 'draft') return [b, a]
  if (a.kind === 'revision' && b.kind === 'revision' && a.revision > b.revision) return [b, a]
  return [a, b]
}
