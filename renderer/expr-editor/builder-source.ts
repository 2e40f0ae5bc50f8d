// What the open builder reads from the editor store: the live flow document and the node's scope. A subscription,
// not a snapshot taken at opening, so a sample written while the builder is open (the HTTP Call's Test request,
// the Response tab's own editor, an undo) reaches the Response tab, completion and lint at once.
import type { FlowDocument } from '../../shared/flow'
import type { EditorStore } from '../editor/store'
import { scopeFor, type NodeScope } from './context'
import type { FlowCatalogue } from '../../shared/flow/catalogue'

export interface BuilderData {
  doc: FlowDocument
  scope: NodeScope
}

export interface BuilderSource {
  get(): BuilderData
  subscribe(onChange: () => void): () => void
}

export function builderSource(store: EditorStore, nodeId: string): BuilderSource {
  let last: (BuilderData & { flows: FlowCatalogue | null }) | null = null
  return {
    // The same object until the document changes, as useSyncExternalStore needs.
    get() {
      const { doc, flows } = store.getState()
      if (!last || last.doc !== doc || last.flows !== flows) last = { doc, flows, scope: scopeFor(doc, nodeId, flows) }
      return last
    },
    subscribe(onChange) {
      return store.subscribe((s, prev) => {
        // The callees arriving (or changing) change what the builder offers, as an edit does.
        if (s.doc !== prev.doc || s.flows !== prev.flows) onChange()
      })
    },
  }
}
