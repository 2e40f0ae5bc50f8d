import { useEffect } from 'react'
import type { FlowDocument } from '../../shared/flow/document'
import { validateFlow } from '../../shared/analysis/validate'
import type { Problem } from '../../shared/nodes/types'
import { api } from '../api'
import type { EditorStore } from './store'
import { startsFlow } from '../../shared/nodes/behaviour-of'

/** Validation runs a moment after the last edit rather than on every keystroke: on a 1000-node flow a full pass
 *  costs tens of milliseconds (`npm run bench -- flow`) that typing should not pay. */
export const PROBLEMS_DELAY_MS = 150

/** The trigger configs are all that keyword clashes with other flows depend on. */
const triggerKey = (doc: FlowDocument) =>
  JSON.stringify(doc.nodes.filter((n) => startsFlow(n.type)).map((n) => [n.id, n.config]))

export function useProblems(store: EditorStore) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null
    let live = true
    // Clashes with other flows need the stored flows, so they come from the back end, and only when a trigger changed.
    let overlaps: Problem[] = []
    let overlapsFor = ''
    const refreshOverlaps = (doc: FlowDocument, local: Problem[]) => {
      const key = triggerKey(doc)
      if (key === overlapsFor) return
      overlapsFor = key
      void api.call('flows.keywordOverlaps', { document: doc }).then((r) => {
        if (!live || store.getState().doc !== doc) return
        // A check that could not run is a problem of its own: no clash listed must mean none was found.
        overlaps = r.ok
          ? r.value
          : [
              {
                severity: 'warning',
                code: 'keyword.overlaps_unchecked',
                message: `Keyword clashes with other flows could not be checked: ${r.error.message}`,
                pointer: '',
              },
            ]
        if (!r.ok) overlapsFor = '' // tried again at the next edit
        store.getState().setProblems([...local, ...overlaps])
      })
    }
    const run = () => {
      timer = null
      const doc = store.getState().doc
      const local = validateFlow(doc)
      store.getState().setProblems([...local, ...overlaps])
      refreshOverlaps(doc, local)
    }
    // A small flow opens checked (store.ts); only the clashes are missing. A large one is checked once opening is done
    // (the canvas measured, fitted and painted: the first idle moment), at most a second later on a busy machine.
    const first = store.getState().checked ? null : requestIdleCallback(run, { timeout: 1000 })
    if (first === null) refreshOverlaps(store.getState().doc, store.getState().problems)
    const off = store.subscribe((s, prev) => {
      if (s.doc === prev.doc) return
      if (timer) clearTimeout(timer)
      timer = setTimeout(run, PROBLEMS_DELAY_MS)
    })
    return () => {
      live = false
      if (first !== null) cancelIdleCallback(first)
      off()
      if (timer) clearTimeout(timer)
    }
  }, [store])
}
