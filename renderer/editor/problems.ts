import { useEffect } from 'react'
import type { FlowDocument } from '../../shared/flow/document'
import { validateFlow } from '../../shared/analysis/validate'
import type { Problem } from '../../shared/nodes/types'
import { api } from '../api'
import type { EditorStore } from './store'
import { startsFlow } from '../../shared/nodes/behaviour-of'
import { boundCalls } from '../../shared/analysis/calls'
import { withFlow, type FlowCatalogue } from '../../shared/flow/catalogue'

/** Validation runs a moment after the last edit rather than on every keystroke: on a 1000-node flow a full pass
 *  costs tens of milliseconds (`npm run bench -- flow`) that typing should not pay. */
export const PROBLEMS_DELAY_MS = 150

/** The trigger configs are all that keyword clashes with other flows depend on. */
const triggerKey = (doc: FlowDocument) =>
  JSON.stringify(doc.nodes.filter((n) => startsFlow(n.type)).map((n) => [n.id, n.config]))

/** The flows a document's calls name: its callees are fetched again only when these change. */
const callsKey = (doc: FlowDocument) => JSON.stringify(boundCalls(doc).map((c) => c.flowId))

/** Problems of the document, its calls checked against the callees when they are known (flows.callees). */
export function problemsOf(doc: FlowDocument, flows: FlowCatalogue | null): Problem[] {
  return validateFlow(doc, flows ? { flows: withFlow(flows, doc) } : {})
}

export function useProblems(store: EditorStore) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null
    let live = true
    // Clashes with other flows need the stored flows, so they come from the back end, and only when a trigger changed.
    let overlaps: Problem[] = []
    let overlapsFor = ''
    let unchecked: Problem[] = [] // calls that could not be checked (below)
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
        store.getState().setProblems([...local, ...overlaps, ...unchecked])
      })
    }
    // The callees come from the back end too, fetched when the flows the document calls change (and on opening: a
    // callee may have changed since). Until they are known, calls are not checked (a lone document is valid).
    let calleesFor: string | null = null
    const refreshCallees = (doc: FlowDocument) => {
      const key = callsKey(doc)
      if (key === calleesFor) return
      calleesFor = key
      if (key === '[]') return store.getState().setCallees([])
      void api.call('flows.callees', { document: doc }).then((r) => {
        if (!live || calleesFor !== key) return
        if (!r.ok) {
          calleesFor = null // tried again at the next edit
          // A check that could not run is a problem of its own: no call problem listed must mean none was found.
          unchecked = [
            {
              severity: 'warning',
              code: 'call.unchecked',
              message: `Calls to other flows could not be checked: ${r.error.message}`,
              pointer: '',
            },
          ]
          store
            .getState()
            .setProblems([...store.getState().problems.filter((p) => p.code !== 'call.unchecked'), ...unchecked])
          return
        }
        unchecked = []
        store.getState().setCallees(r.value)
        const now = store.getState()
        store.getState().setProblems([...problemsOf(now.doc, now.flows), ...overlaps, ...unchecked])
      })
    }
    const run = () => {
      timer = null
      const doc = store.getState().doc
      const local = problemsOf(doc, store.getState().flows)
      store.getState().setProblems([...local, ...overlaps, ...unchecked])
      refreshOverlaps(doc, local)
      refreshCallees(doc)
    }
    // A small flow opens checked (store.ts); only the clashes are missing. A large one is checked once opening is done
    // (the canvas measured, fitted and painted: the first idle moment), at most a second later on a busy machine.
    const first = store.getState().checked ? null : requestIdleCallback(run, { timeout: 1000 })
    if (first === null) {
      refreshOverlaps(store.getState().doc, store.getState().problems)
      refreshCallees(store.getState().doc)
    }
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
