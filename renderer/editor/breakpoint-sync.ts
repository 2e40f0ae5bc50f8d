import { useEffect } from 'react'
import { api } from '../api'
import { breakpointsToSend } from './breakpoints'
import type { EditorStore } from './store'

// Keeps the editor's breakpoints and the studio's copy (breakpoints.list / breakpoints.set) the same: read once on
// opening, written after every edit (undo and redo included), one write at a time, in order. The draft is saved
// first, so a breakpoint on a card just added names a node the stored flow has. A refused write is said where the
// user is looking (the canvas's notice) and kept in the store for the Breakpoints list.

/** The writes in flight per editor, so a test started right after F9 runs with that breakpoint (emulator's flush). */
const pending = new WeakMap<EditorStore, Promise<void>>()

/** How many of those writes have not finished, per editor. */
const unwritten = new WeakMap<EditorStore, number>()

/** Resolves once every breakpoint edit made so far is written (or refused). */
export const breakpointsWritten = (store: EditorStore): Promise<void> => pending.get(store) ?? Promise.resolve()

/** Whether every breakpoint edit made so far is written (or refused): nothing for a run to wait for. */
export const breakpointsSettled = (store: EditorStore): boolean => !unwritten.get(store)

export function useBreakpointSync(flowId: string, store: EditorStore, flush: () => Promise<unknown>): void {
  useEffect(() => {
    let closed = false
    let chain: Promise<void> = Promise.resolve()
    void api.call('breakpoints.list', { flowId }).then((r) => {
      if (closed) return
      // Edits made before the list arrived win: they were made on what the canvas showed.
      if (r.ok && store.getState().breakpointsVersion === 0) store.getState().loadBreakpoints(r.value)
      else if (!r.ok) store.setState({ breakpointsError: `Breakpoints could not be read: ${r.error.message}` })
    })
    const write = async () => {
      await flush()
      const { breakpoints, doc } = store.getState()
      const r = await api.call('breakpoints.set', { flowId, breakpoints: breakpointsToSend(breakpoints, doc) })
      if (closed) return
      if (r.ok) store.setState({ breakpointsError: null })
      else {
        const message = `Breakpoints not saved: ${r.error.message}`
        store.setState({ breakpointsError: message })
        store.getState().setNotice(message)
      }
    }
    const off = store.subscribe((s, prev) => {
      if (s.breakpointsVersion === prev.breakpointsVersion) return
      unwritten.set(store, (unwritten.get(store) ?? 0) + 1)
      const done = () => void unwritten.set(store, (unwritten.get(store) ?? 1) - 1)
      chain = chain.then(write, write).then(done, done)
      pending.set(store, chain)
    })
    return () => {
      closed = true
      off()
    }
  }, [flowId, store, flush])
}
