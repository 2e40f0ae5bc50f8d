import { createStore } from 'zustand/vanilla'
import type { LogCursor, LogFilter, LogRun, LogTrace } from '../../shared/api/commands/logs'
import { getApi } from '../api'
import { cleanFilter, mergeHead } from './model'

// One logs screen's state: the filtered list (loaded page by page as the user scrolls) and the open trace.
// A request that answers after a newer one started is dropped, so fast typing in a filter never shows stale rows.

export const PAGE = 100

export interface LogsState {
  filter: LogFilter
  runs: LogRun[]
  next: LogCursor | null
  loading: boolean
  error: string | null
  trace: LogTrace | null
  traceError: string | null
  setFilter(f: LogFilter): Promise<void>
  more(): Promise<void>
  refreshHead(): Promise<void>
  open(runId: string | null): Promise<void>
}

export function createLogsStore(flowId: string) {
  let generation = 0
  return createStore<LogsState>((set, get) => ({
    filter: {},
    runs: [],
    next: null,
    loading: false,
    error: null,
    trace: null,
    traceError: null,
    async setFilter(f) {
      const filter = cleanFilter(f)
      const gen = ++generation
      set({ filter, loading: true, error: null })
      const res = await getApi().call('logs.list', { flowId, filter, limit: PAGE })
      if (gen !== generation) return
      if (!res.ok) return set({ loading: false, error: res.error.message })
      set({ runs: res.value.runs, next: res.value.next, loading: false })
    },
    async more() {
      const { next, loading, filter } = get()
      if (!next || loading) return
      const gen = generation
      set({ loading: true })
      const res = await getApi().call('logs.list', { flowId, filter, after: next, limit: PAGE })
      if (gen !== generation) return
      if (!res.ok) return set({ loading: false, error: res.error.message })
      set((s) => ({ runs: [...s.runs, ...res.value.runs], next: res.value.next, loading: false }))
    },
    async refreshHead() {
      const gen = generation
      const res = await getApi().call('logs.list', { flowId, filter: get().filter, limit: PAGE })
      if (gen !== generation || !res.ok) return
      set((s) => mergeHead({ runs: s.runs, next: s.next }, res.value))
      const open = get().trace
      if (open && res.value.runs.some((r) => r.id === open.run.id && r.updatedAt !== open.run.updatedAt)) {
        await get().open(open.run.id)
      }
    },
    async open(runId) {
      if (!runId) return set({ trace: null, traceError: null })
      const res = await getApi().call('logs.run', { runId })
      if (!res.ok) return set({ trace: null, traceError: res.error.message })
      set({ trace: res.value, traceError: null })
    },
  }))
}

export type LogsStore = ReturnType<typeof createLogsStore>
