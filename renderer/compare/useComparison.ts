import { useMemo } from 'react'
import { useStore } from 'zustand'
import { compareFlows, type FlowComparison } from '../../shared/diff'
import type { FlowDocument } from '../../shared/flow/document'
import type { EditorStore } from '../editor/store'
import { docOf, useCompareStore, type Side } from './compare-store'
import { compareView, type CompareView } from './view'

export interface ShownComparison {
  before: Side
  after: Side
  beforeDoc: FlowDocument
  afterDoc: FlowDocument
  comparison: FlowComparison
  view: CompareView
  /** Restoring goes into the draft, so it is offered when the newer side is the draft. */
  restorable: boolean
}

// The canvas and the panel both ask; the diff of a 2,000-node flow is computed once per pair of documents.
let last: { before: FlowDocument; after: FlowDocument; comparison: FlowComparison; view: CompareView } | null = null
function computed(before: FlowDocument, after: FlowDocument) {
  if (last?.before !== before || last.after !== after) {
    const comparison = compareFlows(before, after)
    last = { before, after, comparison, view: compareView(comparison, before, after) }
  }
  return last
}

/** A comparison computed elsewhere (the back end, for an address) of exactly these two documents: drawn as is. */
export function seedComparison(before: FlowDocument, after: FlowDocument, comparison: FlowComparison): void {
  last = { before, after, comparison, view: compareView(comparison, before, after) }
}

/** The comparison shown for this editor's flow, or null when none is open. */
export function useComparison(store: EditorStore): ShownComparison | null {
  const flowId = useStore(store, (s) => s.doc.id)
  const draft = useStore(store, (s) => s.doc)
  const open = useCompareStore((s) => s.flowId === flowId)
  const before = useCompareStore((s) => s.before)
  const after = useCompareStore((s) => s.after)
  const beforeDoc = open && before ? docOf(before, draft) : null
  const afterDoc = open && after ? docOf(after, draft) : null
  return useMemo(() => {
    if (!before || !after || !beforeDoc || !afterDoc) return null
    const c = computed(beforeDoc, afterDoc)
    return {
      before,
      after,
      beforeDoc,
      afterDoc,
      comparison: c.comparison,
      view: c.view,
      restorable: after.kind === 'draft',
    }
  }, [before, after, beforeDoc, afterDoc])
}
