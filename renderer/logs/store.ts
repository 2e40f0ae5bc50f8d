import { createStore } from 'zustand/vanilla'
import type { LogCursor, LogFilter, LogRun, LogTrace } from '../../shared/api/commands/logs'
import { getApi } from '../api'
import { loadedToRefresh, newerRuns, updateInPlace } from './live'
import { cleanFilter, mergeHead } from './model'

// One logs screen's state: the filtered list (loaded page by page as the user scrolls) and the open trace.
// A request that answers after a newer one started is dropped, so fast typing in a filter never shows stale rows.
// Live updates (runs started or moved on) merge at the top of the list; deeper in it they change rows in place and
// count the new runs for the "N new runs" pill (live.ts), so the list never moves under the user.

export const PAGE = 100

export interface LogsState {
  filter: LogFilter
  runs: LogRun[]
  next: LogCursor | null
  loading: boolean
  error: string | null
  trace: LogTrace | null
  traceError: string | null
  /** Whether the list is scrolled to its top, where new runs may appear without moving anything. */
  atTop: boolean
  /** New runs not shown yet because the user is deeper in the list. */
  fresh: { count: number; more: boolean }
  setFilter(f: LogFilter): Promise<void>
  more(): Promise<void>
  refreshHead(): Promise<void>
  /** Runs named by live events changed: update the list without moving it. */
  live(runIds: string[]): Promise<void>
  setAtTop(atTop: boolean): void
  open(runId: string | null): Promise<void>
  /** Reads the open trace again (a production server's delivery states move without the run changing). */
  reloadTrace(): Promise<void>
}

/** `serverId`: a production server's runs, read through its publish API; null for this studio's own. */
export function createLogsStore(flowId: string, serverId: string | null = null) {
  let generation = 0
  const from = serverId ? { serverId } : {}
  return createStore<LogsState>((set, get) => ({
    filter: {},
    runs: [],
    next: null,
    loading: false,
    error: null,
    trace: null,
    traceError: null,
    atTop: true,
    fresh: { count: 0, more: false },
    async setFilter(f) {
      const filter = cleanFilter(f)
      const gen = ++generation
      set({ filter, loading: true, error: null })
      const res = await getApi().call('logs.list', { ...from, flowId, filter, limit: PAGE })
      if (gen !== generation) return
      if (!res.ok) return set({ loading: false, error: res.error.message })
      set({ runs: res.value.runs, next: res.value.next, loading: false, fresh: { count: 0, more: false } })
    },
    async more() {
      const { next, loading, filter } = get()
      if (!next || loading) return
      const gen = generation
      set({ loading: true })
      const res = await getApi().call('logs.list', { ...from, flowId, filter, after: next, limit: PAGE })
      if (gen !== generation) return
      if (!res.ok) return set({ loading: false, error: res.error.message })
      set((s) => ({ runs: [...s.runs, ...res.value.runs], next: res.value.next, loading: false }))
    },
    async refreshHead() {
      const gen = generation
      const res = await getApi().call('logs.list', { ...from, flowId, filter: get().filter, limit: PAGE })
      if (gen !== generation) return
      if (!res.ok) return set({ error: res.error.message })
      set((s) => ({
        error: null,
        ...mergeHead({ runs: s.runs, next: s.next }, res.value),
        fresh: { count: 0, more: false },
      }))
      const open = get().trace
      if (open && res.value.runs.some((r) => r.id === open.run.id && r.updatedAt !== open.run.updatedAt)) {
        await get().open(open.run.id)
      }
    },
    async live(runIds) {
      if (get().atTop || !get().runs.length) return get().refreshHead()
      const gen = generation
      const head = await getApi().call('logs.list', { ...from, flowId, filter: get().filter, limit: PAGE })
      if (gen !== generation) return
      if (!head.ok) return set({ error: `Live updates stopped: ${head.error.message}` })
      const ids = loadedToRefresh(get().runs, runIds, head.value.runs)
      const rows = ids.length ? await getApi().call('logs.rows', { ...from, ids }) : null
      if (gen !== generation) return
      const changed = [...head.value.runs, ...(rows?.ok ? rows.value : [])]
      const error = rows && !rows.ok ? `Some runs shown may be out of date: ${rows.error.message}` : null
      set((s) => ({ runs: updateInPlace(s.runs, changed), fresh: newerRuns(s.runs, head.value), error }))
      const open = get().trace
      if (open && changed.some((r) => r.id === open.run.id && r.updatedAt !== open.run.updatedAt))
        await get().open(open.run.id)
    },
    setAtTop(atTop) {
      if (atTop === get().atTop) return
      set({ atTop })
      // Back at the top with new runs waiting: bring them in now.
      if (atTop && get().fresh.count > 0) void get().refreshHead()
    },
    async open(runId) {
      if (!runId) return set({ trace: null, traceError: null })
      const res = await getApi().call('logs.run', { ...from, runId })
      if (!res.ok) return set({ trace: null, traceError: res.error.message })
      set({ trace: res.value, traceError: null })
    },
    async reloadTrace() {
      const open = get().trace
      if (!open) return
      const res = await getApi().call('logs.run', { ...from, runId: open.run.id })
      if (get().trace?.run.id !== open.run.id) return
      // The trace stays on screen when a poll fails (a server unreachable for a moment); the note says it may be stale.
      if (res.ok) set({ trace: res.value, traceError: null })
      else
        set({
          traceError: `This run could not be read again, so what is shown may be out of date: ${res.error.message}`,
        })
    },
  }))
}

export type LogsStore = ReturnType<typeof createLogsStore>
