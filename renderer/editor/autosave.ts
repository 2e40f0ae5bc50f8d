import type { FlowDocument } from '../../shared/flow/document'
import type { ApiError, Result } from '../../shared/api'
import type { EditorStore } from './store'

// Saves the editor's document shortly after every change: at most DELAY_MS after the first unsaved edit, one
// save in flight at a time, and a final flush when the page goes away. A crash loses at most that delay.

export const DELAY_MS = 400

export type SaveStatus =
  | { state: 'saved'; revision: number }
  | { state: 'pending' }
  | { state: 'saving' }
  | { state: 'error'; error: ApiError }

/** `expectedRevision` undefined overwrites whatever is stored (the user chose to keep their version). */
export type SaveFn = (doc: FlowDocument, expectedRevision: number | undefined) => Promise<Result<{ revision: number }>>

export interface Autosave {
  flush(): Promise<void>
  /** Nothing waits to be written: no edit since the last save, none in flight (flush would write nothing). */
  settled(): boolean
  /** After a conflict: saves this editor's document over the newer stored one. */
  overwrite(): Promise<void>
  status(): SaveStatus
  onStatus(listener: (s: SaveStatus) => void): () => void
  stop(): void
}

export function startAutosave(store: EditorStore, save: SaveFn, revision: number, delay = DELAY_MS): Autosave {
  let savedVersion = store.getState().version
  let current: SaveStatus = { state: 'saved', revision }
  let timer: ReturnType<typeof setTimeout> | null = null
  let inFlight: Promise<void> | null = null
  let force = false
  const listeners = new Set<(s: SaveStatus) => void>()
  const setStatus = (s: SaveStatus) => {
    current = s
    listeners.forEach((l) => l(s))
  }

  async function run(): Promise<void> {
    timer = null
    if (inFlight) return inFlight.then(() => run())
    const { doc, version } = store.getState()
    if (version === savedVersion) return
    setStatus({ state: 'saving' })
    inFlight = (async () => {
      const r = await save(doc, force ? undefined : revision)
      if (r.ok) {
        force = false
        revision = r.value.revision
        savedVersion = version
        setStatus(store.getState().version === version ? { state: 'saved', revision } : { state: 'pending' })
      } else {
        setStatus({ state: 'error', error: r.error })
      }
    })()
    try {
      await inFlight
    } finally {
      inFlight = null
    }
    // Edits made while the save was in flight go in the next one; a failed save waits for the next edit.
    if (current.state === 'pending') schedule()
  }

  function schedule() {
    if (timer === null) timer = setTimeout(() => void run(), delay)
  }

  const unsubscribe = store.subscribe((s, prev) => {
    if (s.version === prev.version) return
    if (current.state !== 'saving' && current.state !== 'error') setStatus({ state: 'pending' })
    schedule()
  })

  return {
    async flush() {
      if (timer !== null) clearTimeout(timer)
      await run()
    },
    settled: () => timer === null && inFlight === null && store.getState().version === savedVersion,
    async overwrite() {
      force = true
      savedVersion = -1
      await this.flush()
    },
    status: () => current,
    onStatus(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    stop() {
      unsubscribe()
      if (timer !== null) clearTimeout(timer)
    },
  }
}
