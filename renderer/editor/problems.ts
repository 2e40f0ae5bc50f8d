import { useEffect } from 'react'
import { validateFlow } from '../../shared/flow/validate'
import type { EditorStore } from './store'

/** Validation runs a moment after the last edit rather than on every keystroke: on a 1000-node flow a full pass
 *  costs milliseconds that typing should not pay. */
export const PROBLEMS_DELAY_MS = 150

export function useProblems(store: EditorStore) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null
    const run = () => {
      timer = null
      store.getState().setProblems(validateFlow(store.getState().doc))
    }
    const off = store.subscribe((s, prev) => {
      if (s.doc === prev.doc || s.dragBase) return
      if (timer) clearTimeout(timer)
      timer = setTimeout(run, PROBLEMS_DELAY_MS)
    })
    return () => {
      off()
      if (timer) clearTimeout(timer)
    }
  }, [store])
}
